import { FixedClock } from '../../testing/fixed-clock';
import { aProfile } from '../../testing/gamification-world';
import { writeWorld } from '../../testing/write-world';
import { HealthDataErrorCode } from '../records/health-data-error';
import { IdentityErrorCode } from '../identity/identity-error';
import { ActivityChange } from '../ports/activity-change-listener';
import { IngestHealthDataUseCase } from './ingest-health-data.use-case';
import { QueueProfileScoringUseCase } from './queue-profile-scoring.use-case';
import { RecordActivityUseCase } from './record-activity.use-case';
import { RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';
import { RescoreProfileChallengesUseCase } from './rescore-profile-challenges.use-case';
import { ScoreQueuedChangesUseCase } from './score-queued-changes.use-case';

/**
 * The upload through the one write path, with a listener that keeps what it is told besides the
 * one that queues the change, and the scoring worker that settles it (`settle`).
 */
function world() {
  const w = writeWorld({ profiles: [aProfile()] });
  const clock = new FixedClock('2026-10-10T12:00:00Z');
  const seen: ActivityChange[] = [];
  const spy = { activityChanged: async ({ appId, profileId, from, to }: ActivityChange) => void seen.push({ appId, profileId, from, to } as ActivityChange) };
  const write = new RecordActivityUseCase(w.unitOfWork, [new QueueProfileScoringUseCase(clock), spy]);
  const sut = new IngestHealthDataUseCase(w.profiles, write, clock);
  const worker = new ScoreQueuedChangesUseCase(w.unitOfWork, new RefreshProfilePointsUseCase(), new RescoreProfileChallengesUseCase(clock));
  const settle = async () => void (await worker.execute());
  return { sut, settle, records: w.records, changes: seen, ledger: w.pointsLedger, unitOfWork: w.unitOfWork, backlog: w.scoringBacklog };
}

const ADMIN = { kind: 'admin' as const, appId: 'app-1' };
const workout = { external_id: 'w', timestamp: '2026-10-01T07:00:00Z', duration: '00:30:00', type: 'RUNNING', distance: 5000 };
const summary = { external_id: 'd', date: '2026-10-03', distance: 1, steps: 2, calories: 3 };

describe(IngestHealthDataUseCase.name, () => {
  it('stores the upload, counts per type present, and tells the listener which instants changed', async () => {
    const { sut, changes } = world();
    const result = await sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', workout: [workout], daily_summary: [summary], weight: [] } });
    expect(result.counts).toEqual({
      daily_summary: { created: 1, updated: 0, unchanged: 0 },
      weight: { created: 0, updated: 0, unchanged: 0 },
      workout: { created: 1, updated: 0, unchanged: 0 },
    });
    // From the workout start to 2026-10-03 00:00 UTC + 36 h (the date's end seen from UTC−12).
    expect(changes).toEqual([{ appId: 'app-1', profileId: 'profile-1', from: new Date('2026-10-01T07:00:00Z'), to: new Date('2026-10-04T12:00:00Z') }]);
  });

  it('stores in one unit of work that queues the change, without waiting for a turn or counting anything', async () => {
    const { sut, unitOfWork, backlog, ledger } = world();
    await sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', workout: [workout] } });
    expect([unitOfWork.runs, unitOfWork.turns, backlog.queued.length]).toEqual([1, [], 1]);
    expect(await ledger.saveDays('app-1', 'profile-1', [], false)).toBe(0);
    // Nothing that scores changed: nothing is queued.
    await sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', workout: [workout] } });
    expect([unitOfWork.runs, backlog.queued.length]).toEqual([2, 1]);
  });

  it('changes nothing and tells nobody when the same upload comes again', async () => {
    const { sut, settle, changes, ledger } = world();
    await sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', workout: [workout] } });
    const again = await sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', workout: [workout] } });
    expect(again).toEqual({ counts: { workout: { created: 0, updated: 0, unchanged: 1 } }, change: null });
    await settle();
    // 5000 m in 30 minutes: 30 * 0.1 = 3 points.
    expect(await ledger.saveDays('app-1', 'profile-1', [], false)).toBe(3);
    const updated = await sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', workout: [{ ...workout, distance: 5100 }] } });
    expect(updated.counts.workout).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(updated.change?.replaced).toBe(true);
    await settle();
    // An update recounts the whole history: 5100 m in 30 minutes earns 30 * 0.1 = 3 points, once.
    expect(await ledger.saveDays('app-1', 'profile-1', [], false)).toBe(3);
    expect(changes).toHaveLength(2);
  });

  it('lets the profile itself in and refuses another profile of the app', async () => {
    const { sut } = world();
    const own = { kind: 'profile' as const, appId: 'app-1', profileId: 'profile-1' };
    await expect(sut.execute({ principal: own, profileId: 'profile-1', body: { source: 'GARMIN' } })).resolves.toEqual({ counts: {}, change: null });
    await expect(sut.execute({ principal: { ...own, profileId: 'profile-2' }, profileId: 'profile-1', body: { source: 'GARMIN' } }))
      .rejects.toMatchObject({ code: IdentityErrorCode.NotOwnProfile });
  });

  it('does not tell the listener about data that does not score', async () => {
    const { sut, changes } = world();
    await sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', weight: [{ external_id: 'x', timestamp: '2026-10-01T07:00:00Z', weight: 70 }] } });
    expect(changes).toEqual([]);
  });

  it('refuses an invalid upload or an unknown profile, storing nothing', async () => {
    const { sut, records } = world();
    await expect(sut.execute({ principal: ADMIN, profileId: 'profile-1', body: { source: 'GARMIN', workout: [{ ...workout, distance: -1 }] } }))
      .rejects.toMatchObject({ code: HealthDataErrorCode.InvalidUpload, issues: [{ path: 'workout[0].distance', message: 'must not be negative' }] });
    await expect(sut.execute({ principal: { kind: 'admin', appId: 'app-2' }, profileId: 'profile-1', body: { source: 'GARMIN', workout: [workout] } }))
      .rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
    expect(records.rows.size).toBe(0);
  });

  it('answers an unknown profile as not found whatever else is wrong, and with no records to write', async () => {
    const { sut } = world();
    const stranger = { kind: 'admin' as const, appId: 'app-2' };
    const notFound = { code: IdentityErrorCode.ProfileNotFound };
    await expect(sut.execute({ principal: stranger, profileId: 'profile-1', body: { source: 'GARMIN', workout: [{ ...workout, distance: -1 }] } })).rejects.toMatchObject(notFound);
    await expect(sut.execute({ principal: stranger, profileId: 'profile-1', body: { source: 'GARMIN', workout: [] } })).rejects.toMatchObject(notFound);
    // Another profile's bearer: 404 for a profile that does not exist, 403 for one that does.
    const other = { kind: 'profile' as const, appId: 'app-1', profileId: 'profile-1' };
    await expect(sut.execute({ principal: other, profileId: 'profile-9', body: { source: 'GARMIN', workout: [workout] } })).rejects.toMatchObject(notFound);
  });
});
