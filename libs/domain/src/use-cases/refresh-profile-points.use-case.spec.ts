import { aProfile } from '../../testing/gamification-world';
import { writeWorld } from '../../testing/write-world';
import { dailySummaryOf, workoutOf } from '../records/health-activity';
import { HealthRecord } from '../records/health-record';
import { daysAround, pointsOfDays } from '../points/points-ledger';
import { defaultPointsDefinition } from '../points/points-definition';
import { totalPoints } from '../points/points-calculator';
import { QueueProfileScoringUseCase } from './queue-profile-scoring.use-case';
import { RecordActivityUseCase } from './record-activity.use-case';
import { RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';
import { RescoreProfileChallengesUseCase } from './rescore-profile-challenges.use-case';
import { ScoreQueuedChangesUseCase } from './score-queued-changes.use-case';

const run = (source: HealthRecord['source'], start: string, minutes = 30, id = `${source}-${start}`): HealthRecord => ({
  type: 'workout', source, externalId: id, time: new Date(start), endTime: new Date(new Date(start).getTime() + minutes * 60_000), subtype: '',
  data: { type: 'RUNNING', duration: `00:${String(minutes).padStart(2, '0')}:00.000000`, distance: 5000, steps: null, calories: null, is_manual: null },
});
const day = (source: HealthRecord['source'], date: string, steps: number): HealthRecord => ({
  type: 'daily_summary', source, externalId: `${source}-${date}`, time: new Date(`${date}T00:00:00Z`), endTime: null, subtype: '',
  data: { date, distance: 0, steps, calories: 0, active_duration: null },
});

function world() {
  const w = writeWorld({ profiles: [aProfile()] });
  const { records } = w;
  const sut = new RefreshProfilePointsUseCase();
  const queue = new RecordActivityUseCase(w.unitOfWork, [new QueueProfileScoringUseCase(w.clock)]);
  const worker = new ScoreQueuedChangesUseCase(w.unitOfWork, sut, new RescoreProfileChallengesUseCase(w.clock));
  const totalOfProfile = async () => (await w.profiles.findInApp('app-1', 'profile-1'))?.totalPoints;
  /** A write, then the scoring worker, which counts the days around the change. */
  const write = {
    execute: async (input: Parameters<RecordActivityUseCase['execute']>[0]) => {
      await queue.execute(input);
      while ((await worker.execute()).more);
    },
  };
  /** An upload through the write path and the worker. Answers the new total_points. */
  const ingest = async (uploaded: HealthRecord[]) => {
    await write.execute({ appId: 'app-1', profileId: 'profile-1', records: uploaded });
    return totalOfProfile();
  };
  /** The total recounted from scratch with the domain's totalPoints. */
  const recount = async () => {
    const all = await records.list({ appId: 'app-1', profileId: 'profile-1', type: 'workout', direction: 'forward', limit: Infinity });
    const days = await records.list({ appId: 'app-1', profileId: 'profile-1', type: 'daily_summary', direction: 'forward', limit: Infinity });
    return totalPoints(defaultPointsDefinition('app-1'), {
      dailySummaries: days.map((r) => dailySummaryOf('profile-1', r)),
      workouts: all.map((r) => workoutOf('profile-1', r)),
      events: await w.pointsEvents.listByProfile('profile-1'),
    }).total;
  };
  return { ...w, sut, queue, worker, write, ingest, recount, totalOfProfile };
}

describe(RefreshProfilePointsUseCase.name, () => {
  it('counts only the days an upload touched, and agrees with a full recount', async () => {
    const sut = world();
    // Default definition: 1 point per 1000 steps, 0.1 per workout minute (>= 5 min). 30 min = 3 points.
    expect(await sut.ingest([run('GARMIN', '2026-10-01T23:50:00Z'), day('GARMIN', '2026-10-01', 8000)])).toBe(3 + 8);
    // STRAVA reports the same session (starting 10 minutes earlier): still 3 points, not 6; the day keeps its 8.
    expect(await sut.ingest([run('STRAVA', '2026-10-01T23:40:00Z', 40)])).toBe(11);
    // A second source's day merges by maximum: max(8000, 9500) steps = 9.5 points for 2026-10-01.
    expect(await sut.ingest([day('APPLE', '2026-10-01', 9500), run('GARMIN', '2026-10-05T07:00:00Z', 10)])).toBe(3 + 9.5 + 1);
    expect(await sut.recount()).toBe(13.5);
    expect((await sut.profiles.findInApp('app-1', 'profile-1'))?.totalPoints).toBe(13.5);
  });

  it("recounts everything under the app's current definition, and adds events", async () => {
    const sut = world();
    await sut.ingest([day('GARMIN', '2026-10-01', 8000)]);
    await sut.pointsDefinitions.save({ ...defaultPointsDefinition('app-1'), daily: { ...defaultPointsDefinition('app-1').daily, per1000Steps: 2 } });
    // 8000 steps at 2 per 1000 = 16.
    expect(await sut.sut.recountAll(sut.ports, 'app-1', 'profile-1')).toBe(16);
    const event = { id: 'e', profileId: 'profile-1', name: 'quiz', points: 4.25, timestamp: new Date('2026-10-02T00:00:00Z'), activityType: null, reference: '' };
    await sut.write.execute({ appId: 'app-1', profileId: 'profile-1', events: [event] });
    expect(await sut.totalOfProfile()).toBe(20.25);
  });

  it('recounts the whole history when a stored record is replaced', async () => {
    const sut = world();
    await sut.ingest([day('GARMIN', '2026-10-01', 8000), run('GARMIN', '2026-10-03T07:00:00Z', 30)]);
    // The run moves to another day and lasts 10 minutes: 8 + 1 = 9, nothing left on 2026-10-03.
    const moved = { ...run('GARMIN', '2026-10-07T07:00:00Z', 10), externalId: 'GARMIN-2026-10-03T07:00:00Z' };
    expect(await sut.ingest([moved])).toBe(9);
    expect(await sut.recount()).toBe(9);
  });

  it('leaves days outside the asked ones out, and lists asked days without records as zero', () => {
    const definition = defaultPointsDefinition('app');
    const workouts = [workoutOf('p', run('GARMIN', '2026-10-01T07:00:00Z')), workoutOf('p', run('GARMIN', '2026-10-03T07:00:00Z'))];
    expect(pointsOfDays(definition, [], workouts, new Set(['2026-10-01', '2026-10-02']))).toEqual([
      { day: '2026-10-01', dailySummaries: 0, workouts: 3 },
      { day: '2026-10-02', dailySummaries: 0, workouts: 0 },
    ]);
    expect(pointsOfDays(definition, [], workouts).map((d) => d.day)).toEqual(['2026-10-01', '2026-10-03']);
  });

  it('recounts the UTC days of a change from the day before its start to the day after its end', () => {
    // A run from 23:50 on Oct 1 to 00:20 on Oct 2: Sep 30 to Oct 3.
    expect([...daysAround(new Date('2026-10-01T23:50:00Z'), new Date('2026-10-02T00:20:00Z'))]).toEqual([
      '2026-09-30', '2026-10-01', '2026-10-02', '2026-10-03',
    ]);
    // The daily summary of Oct 10, seen from every time zone: Oct 9 10:00 to Oct 11 12:00 UTC, so Oct 8 to Oct 12.
    expect([...daysAround(new Date('2026-10-09T10:00:00Z'), new Date('2026-10-11T12:00:00Z'))]).toEqual([
      '2026-10-08', '2026-10-09', '2026-10-10', '2026-10-11', '2026-10-12',
    ]);
  });

  it('settles a merged change of several uploads in one recount, and a replaced record over the whole history', async () => {
    const sut = world();
    await sut.queue.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('GARMIN', '2026-10-01', 8000)] });
    await sut.queue.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('GARMIN', '2026-10-20', 2000)] });
    // Nothing is counted before the worker comes.
    expect(await sut.totalOfProfile()).toBe(0);
    expect((await sut.worker.execute()).profiles).toBe(1);
    expect(await sut.totalOfProfile()).toBe(10);
    // The Oct 1 summary now says Oct 5 (same external id): Oct 1 is outside the change, yet loses its 8 points.
    await sut.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [{ ...day('GARMIN', '2026-10-05', 3000), externalId: 'GARMIN-2026-10-01' }] });
    expect(await sut.totalOfProfile()).toBe(2 + 3);
  });
});
