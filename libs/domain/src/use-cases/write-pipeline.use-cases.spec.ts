import { ChallengeMemberMother, ChallengeMother } from '../../testing/challenge-mother';
import { aProfile } from '../../testing/gamification-world';
import { writeWorld } from '../../testing/write-world';
import { Challenge } from '../challenge/challenge';
import { EMPTY_REPETITION_STATE, nextRepetitionState } from '../challenge/repetition';
import { defaultPointsDefinition } from '../points/points-definition';
import { HealthRecord } from '../records/health-record';
import { AnnounceChallengeLifecycleUseCase } from './announce-challenge-lifecycle.use-case';
import { QueueProfileScoringUseCase } from './queue-profile-scoring.use-case';
import { RecordActivityInput, RecordActivityUseCase } from './record-activity.use-case';
import { RecountAppPointsUseCase } from './recount-app-points.use-case';
import { RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';
import { RescoreChallengeMembersUseCase } from './rescore-challenge-members.use-case';
import { RescoreProfileChallengesUseCase } from './rescore-profile-challenges.use-case';
import { ScoreQueuedChangesUseCase } from './score-queued-changes.use-case';

// Default challenge: INDIVIDUAL, DAILY 10,000 steps, UTC, Mon 2026-03-02 .. Mon 2026-03-09; the
// world's clock stands at Wed 2026-03-04 10:00 UTC.
const day = (profileId: string, date: string, steps: number): HealthRecord => ({
  type: 'daily_summary', source: 'GARMIN', externalId: `${profileId}-${date}`, time: new Date(`${date}T00:00:00Z`), endTime: null, subtype: '',
  data: { date, distance: 0, steps, calories: 0, active_duration: null },
});

function world(challenges: Challenge[] = [ChallengeMother.create()]) {
  const w = writeWorld({ challenges, profiles: [aProfile(), aProfile({ id: 'profile-2', name: 'Bo' })] });
  const ledger = new RefreshProfilePointsUseCase();
  const store = new RecordActivityUseCase(w.unitOfWork, [new QueueProfileScoringUseCase(w.clock)]);
  const scoreQueued = new ScoreQueuedChangesUseCase(w.unitOfWork, ledger, new RescoreProfileChallengesUseCase(w.clock));
  // A write, then the scoring worker until nothing is queued (what the host does moments later).
  const write = {
    execute: async (input: RecordActivityInput) => {
      const result = await store.execute(input);
      while ((await scoreQueued.execute()).more);
      return result;
    },
  };
  const rescore = new RescoreChallengeMembersUseCase(w.unitOfWork, w.memberships, w.pointsDefinitions, w.clock);
  const progress = async (profileId: string, periodIndex: number) =>
    (await w.scores.findForMember('challenge-1', profileId, [periodIndex]))[0]?.progress;
  return { ...w, ledger, store, scoreQueued, write, rescore, progress };
}

describe('live scoring through the write path', () => {
  it('queues the change with the records and scores it when the worker takes it, once', async () => {
    const w = world();
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await w.store.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-03', 6_000)] });
    await w.store.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-04', 2_000)] });
    expect(await w.scores.findForChallenge('challenge-1', 0, 6)).toEqual([]);
    expect(w.scoringBacklog.queued).toHaveLength(2);
    // Both changes of the profile in one scoring: Tuesday (period 1) and Wednesday (period 2).
    expect(await w.scoreQueued.execute()).toEqual({ profiles: 1, more: false });
    expect(w.unitOfWork.turns.slice(-1)).toEqual(['profile:profile-1']);
    expect([await w.progress('profile-1', 1), await w.progress('profile-1', 2)]).toEqual([6_000, 2_000]);
    expect(await w.scoreQueued.execute()).toEqual({ profiles: 0, more: false });
  });

  it('judges whether late data counts at its arrival, not when the worker scores it', async () => {
    // Ends Mon 2026-03-09 00:00 UTC, 7 grace days: data arriving before 03-16 00:00 UTC counts.
    const w = world();
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    w.clock.set('2026-03-15T23:59:59.990Z');
    await w.store.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-08', 7_000)] });
    w.clock.set('2026-03-16T00:00:00.050Z');
    expect((await w.scoreQueued.execute()).profiles).toBe(1);
    expect(await w.progress('profile-1', 6)).toBe(7_000);
    // Arriving now, after the grace days, it counts in the profile's points (9 for 9,000 steps), not in the challenge.
    await w.store.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-08', 9_000)] });
    expect((await w.scoreQueued.execute()).profiles).toBe(1);
    expect(await w.progress('profile-1', 6)).toBe(7_000);
    expect((await w.profiles.findInApp('app-1', 'profile-1'))?.totalPoints).toBe(9);
  });

  it('settles the points of a profile in no challenge, and scores nothing', async () => {
    const w = world();
    await w.store.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-03', 6_000)] });
    expect((await w.profiles.findInApp('app-1', 'profile-1'))?.totalPoints).toBe(0);
    expect((await w.scoreQueued.execute()).profiles).toBe(1);
    expect((await w.profiles.findInApp('app-1', 'profile-1'))?.totalPoints).toBe(6);
    expect(await w.scores.findForChallenge('challenge-1', 0, 6)).toEqual([]);
  });

  it("rescores the member's challenge for the day that changed, and announces a crossed threshold once", async () => {
    const w = world();
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-03', 6_000)] });
    // Tuesday is period 1: 6,000 steps; 60 % crosses 25 % and 50 % at once, one event.
    expect(await w.progress('profile-1', 1)).toBe(6_000);
    expect(w.outbox.events.map((e) => e.event)).toEqual(['partial_period_goal_reached']);
    // Rescoring the same data again (a whole-challenge rescore) writes no second event.
    await w.rescore.execute({ challenge: ChallengeMother.create() });
    expect(w.outbox.events).toHaveLength(1);
  });

  it('leaves a challenge alone when the change lies outside it or the profile is not a member', async () => {
    const w = world();
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-03', 6_000)] });
    expect(await w.scores.findForChallenge('challenge-1', 0, 6)).toEqual([]);
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-02-20', 9_000)] });
    expect(await w.scores.findForChallenge('challenge-1', 0, 6)).toEqual([]);
  });
});

describe(`${RescoreProfileChallengesUseCase.name}, a profile in several challenges`, () => {
  // challenge-1: the default (UTC days); challenge-2: STREAK in Tokyo (UTC+9, days from 15:00 UTC);
  // challenge-3: TOTAL distance of workouts, one period; challenge-4: ended 2026-02-08, final since 02-15.
  const tokyo = ChallengeMother.create({ id: 'challenge-2', repetition: 'STREAK', timezone: 'Asia/Tokyo', start: new Date('2026-03-01T15:00:00Z'), end: new Date('2026-03-08T15:00:00Z') });
  const workouts = ChallengeMother.create({ id: 'challenge-3', dataSource: 'workout', goal: 'TOTAL', goalType: 'DISTANCE', goalValue: 10_000 });
  const ended = ChallengeMother.create({ id: 'challenge-4', start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-02-08T00:00:00Z') });
  const run: HealthRecord = {
    type: 'workout', source: 'GARMIN', externalId: 'run-1', subtype: '', time: new Date('2026-03-03T07:00:00Z'), endTime: new Date('2026-03-03T07:30:00Z'),
    data: { duration: '00:30:00.000000', type: 'RUNNING', is_manual: false, distance: 5_000, steps: 6_000, calories: 300 },
  };

  it('reads once for every challenge, scores each as alone, and writes the scores and events at once', async () => {
    const w = world([ChallengeMother.create(), tokyo, workouts, ended]);
    await w.memberships.addAllIfAbsent(['challenge-1', 'challenge-2', 'challenge-3', 'challenge-4'].map((challengeId) => ChallengeMemberMother.create({ challengeId })));
    const readProfile = jest.spyOn(w.ports.scoringBatches, 'readProfile');
    const saveMany = jest.spyOn(w.scores, 'saveMany');
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-03', 6_000), run] });

    // The change: the summary's date from every zone, 03-02 10:00 UTC .. 03-04 12:00 UTC (the run lies inside).
    // challenge-1 periods 0..2 (03-02 .. 03-05 UTC); challenge-2 periods 0..2 (03-01 15:00 .. 03-04 15:00 UTC,
    // local dates 03-02 .. 03-04); challenge-3 its one period (03-02 .. 03-09); challenge-4 is final.
    // Stored scores are read from the period before the first affected one (none here: 0) to the
    // last affected one, or to the challenge's last (period 6) where repetition states may be
    // carried on (the STREAK challenge-2). The change's points are counted from the same read: the
    // UTC days around it, 03-01 .. 03-05, and their workouts from the day before (02-28 00:00) to the
    // end of the day after (03-06 23:59:59.999), which the challenges' span already covers.
    expect(readProfile).toHaveBeenCalledTimes(1);
    expect(readProfile.mock.calls[0]).toEqual(['app-1', 'profile-1', {
      dates: { first: '2026-03-01', last: '2026-03-05' },
      workouts: { from: new Date('2026-02-28T00:00:00Z'), to: new Date('2026-03-09T00:00:00Z') },
      events: { from: new Date('2026-03-01T15:00:00Z'), to: new Date('2026-03-09T00:00:00Z') },
      scores: [
        { challengeId: 'challenge-2', firstIndex: 0, lastIndex: 6 },
        { challengeId: 'challenge-1', firstIndex: 0, lastIndex: 2 },
        { challengeId: 'challenge-3', firstIndex: 0, lastIndex: 0 },
      ],
    }]);
    // One write of the 3 + 3 + 1 periods scored, but for the empty ones (no row reads as empty).
    // The summary's local date 03-03 is period 1 in both daily challenges (6,000 steps); periods 0
    // and 2 have nothing of theirs (the run counts only where workouts do); the run's 5,000 m are
    // challenge-3's total.
    expect(saveMany).toHaveBeenCalledTimes(1);
    const written = saveMany.mock.calls[0][0].map((s) => [s.challengeId, s.periodIndex, s.progress]);
    expect(written).toEqual([['challenge-2', 1, 6_000], ['challenge-1', 1, 6_000], ['challenge-3', 0, 5_000]]);
    expect(await w.scores.findForChallenge('challenge-4', 0, 6)).toEqual([]);
    // 60 % and 50 % cross the 50 % threshold: one event per challenge.
    expect(w.outbox.events.map((e) => [e.challengeId, e.event === 'partial_period_goal_reached' ? e.threshold : null])).toEqual([
      ['challenge-2', 0.5], ['challenge-1', 0.5], ['challenge-3', 0.5],
    ]);
  });

  it('reads summaries for workout challenges only for the points, and writes no event when no threshold is crossed', async () => {
    const w = world([workouts]);
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create({ challengeId: 'challenge-3' })]);
    const readProfile = jest.spyOn(w.ports.scoringBatches, 'readProfile');
    const shortRun = { ...run, data: { ...run.data, distance: 1_000 } };
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [shortRun] });
    // The run's [07:00, 07:30) touches challenge-3's one period: 03-02 .. 03-09. No challenge
    // counts summaries: the dates read are the points' (the UTC days around 03-03: 03-02 .. 03-04),
    // and so are the workouts from 03-01 00:00 (the day before the first).
    expect(readProfile.mock.calls[0][2]).toEqual({
      dates: { first: '2026-03-02', last: '2026-03-04' },
      workouts: { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-09T00:00:00Z') },
      events: { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-09T00:00:00Z') },
      scores: [{ challengeId: 'challenge-3', firstIndex: 0, lastIndex: 0 }],
    });
    // 1,000 of 10,000 m: 10 %, below the first threshold (25 %).
    expect((await w.scores.findForChallenge('challenge-3', 0, 0)).map((s) => s.progress)).toEqual([1_000]);
    expect(w.outbox.events).toEqual([]);
  });

  it("counts a change's points from the challenges' read, and reads them alone when no challenge takes the change", async () => {
    const w = world([ChallengeMother.create()]);
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    const readProfile = jest.spyOn(w.ports.scoringBatches, 'readProfile');
    const summaries = jest.spyOn(w.ports.activities, 'listDailySummaries');
    const workouts = jest.spyOn(w.ports.activities, 'listWorkouts');
    // profile-1 is a member: one read for its challenge and its points (6 for 6,000 steps).
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-03', 6_000)] });
    expect([readProfile.mock.calls.length, summaries.mock.calls.length, workouts.mock.calls.length]).toEqual([1, 0, 0]);
    expect((await w.profiles.findInApp('app-1', 'profile-1'))?.totalPoints).toBe(6);
    expect(await w.progress('profile-1', 1)).toBe(6_000);
    // profile-2 is in no challenge: its points read its summaries and workouts alone (4 for 4,000 steps).
    await w.write.execute({ appId: 'app-1', profileId: 'profile-2', records: [day('profile-2', '2026-03-03', 4_000)] });
    expect([readProfile.mock.calls.length, summaries.mock.calls.length, workouts.mock.calls.length]).toEqual([1, 1, 1]);
    expect((await w.profiles.findInApp('app-1', 'profile-2'))?.totalPoints).toBe(4);
  });

  it('reads nothing more when no challenge of the profile takes the change', async () => {
    const w = world([ChallengeMother.create(), ended]);
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create({ challengeId: 'challenge-4' })]);
    const readProfile = jest.spyOn(w.ports.scoringBatches, 'readProfile');
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-03', 6_000)] });
    expect(readProfile).not.toHaveBeenCalled();
    expect(w.outbox.events).toEqual([]);
  });
});

describe(RescoreChallengeMembersUseCase.name, () => {
  it('scores every member, or only the named ones, from all their data', async () => {
    const w = world();
    await w.records.upsert('app-1', 'profile-1', [day('profile-1', '2026-03-02', 12_000)]);
    await w.records.upsert('app-1', 'profile-2', [day('profile-2', '2026-03-02', 3_000)]);
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create(), ChallengeMemberMother.create({ profileId: 'profile-2' })]);
    expect(await w.rescore.rescoreMembers(ChallengeMother.create(), ['profile-2'])).toBe(1);
    expect([await w.progress('profile-1', 0), await w.progress('profile-2', 0)]).toEqual([undefined, 3_000]);
    expect(await w.rescore.rescoreMembers(ChallengeMother.create())).toBe(2);
    expect(await w.progress('profile-1', 0)).toBe(12_000);
    // A member named but not in the challenge, and an empty list, rescore nobody.
    expect(await w.rescore.rescoreMembers(ChallengeMother.create(), ['nobody'])).toBe(0);
    expect(await w.rescore.rescoreMembers(ChallengeMother.create(), [])).toBe(0);
  });

  it('rescores only the periods a range touches, and nothing once the scores are final', async () => {
    const w = world();
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await w.records.upsert('app-1', 'profile-1', [day('profile-1', '2026-03-02', 1_000), day('profile-1', '2026-03-03', 2_000)]);
    await w.rescore.execute({ challenge: ChallengeMother.create(), from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z') });
    expect([await w.progress('profile-1', 0), await w.progress('profile-1', 1)]).toEqual([undefined, 2_000]);
    // A range outside the challenge rescores nobody.
    expect(await w.rescore.execute({ challenge: ChallengeMother.create(), from: new Date('2026-04-01T00:00:00Z') })).toBe(0);
    // Ended 2026-01-08 with 7 grace days: final on 2026-03-04.
    const old = ChallengeMother.create({ start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-08T00:00:00Z') });
    expect(await w.rescore.execute({ challenge: old })).toBe(0);
  });

  it('goes in batches of at most 6,700 member-periods, each written in its own unit of work', async () => {
    // A 1,500-day DAILY challenge: 6,700 / 1,500 = 4 members a batch, so 13 members take 4 batches.
    const long = ChallengeMother.create({ start: new Date('2025-01-01T00:00:00Z'), end: new Date('2029-02-09T00:00:00Z') });
    const w = world([long]);
    const members = Array.from({ length: 13 }, (_, i) => ChallengeMemberMother.create({ profileId: `p-${i}` }));
    for (const member of members) await w.profiles.create(aProfile({ id: member.profileId }), `bearer-${member.profileId}`);
    await w.memberships.addAllIfAbsent(members);
    for (const member of members) await w.records.upsert('app-1', member.profileId, [day(member.profileId, '2026-03-02', 100)]);
    expect(await w.rescore.execute({ challenge: long })).toBe(13);
    expect(w.unitOfWork.runs).toBe(4);
    // Each batch takes its members' turns before it reads them.
    expect([...w.unitOfWork.turns].sort()).toEqual(members.map((m) => `profile:${m.profileId}`).sort());
  });

  it('takes its members in id order, whatever order they joined in: a batch is a run of neighbouring ids', async () => {
    // The same 4-member batches; p-12 joined first and p-0 last.
    const long = ChallengeMother.create({ start: new Date('2025-01-01T00:00:00Z'), end: new Date('2029-02-09T00:00:00Z') });
    const w = world([long]);
    const ids = Array.from({ length: 13 }, (_, i) => `p-${12 - i}`);
    await w.memberships.addAllIfAbsent(ids.map((profileId, i) => ChallengeMemberMother.create({ profileId, joinedAt: new Date(Date.UTC(2026, 2, 1, i)) })));
    expect(await w.rescore.execute({ challenge: long })).toBe(13);
    // Text order: p-1 < p-10 < p-11 < p-12 < p-2.
    expect(w.unitOfWork.turns).toEqual(
      ['p-0', 'p-1', 'p-10', 'p-11', 'p-12', 'p-2', 'p-3', 'p-4', 'p-5', 'p-6', 'p-7', 'p-8', 'p-9'].map((id) => `profile:${id}`),
    );
  });

  it('lists every member ten batches a page, each page after the last id of the one before, never the whole list', async () => {
    // 4 members a batch (see above), so pages of 40: 90 members are pages of 40, 40 and 10.
    const long = ChallengeMother.create({ start: new Date('2025-01-01T00:00:00Z'), end: new Date('2029-02-09T00:00:00Z') });
    const w = world([long]);
    const id = (i: number) => `p-${String(i).padStart(3, '0')}`;
    await w.memberships.addAllIfAbsent(Array.from({ length: 90 }, (_, i) => ChallengeMemberMother.create({ profileId: id(i) })));
    const pages = jest.spyOn(w.memberships, 'listPageByChallenge');
    const list = jest.spyOn(w.memberships, 'listByChallenge');
    expect(await w.rescore.execute({ challenge: long })).toBe(90);
    expect(pages.mock.calls).toEqual([[long.id, null, 40], [long.id, id(39), 40], [long.id, id(79), 40]]);
    expect(list).not.toHaveBeenCalled();
    expect(w.unitOfWork.runs).toBe(23);
    // 80 members: the third page comes back empty, and nothing more is asked.
    await w.memberships.removeAll(long.id, Array.from({ length: 10 }, (_, i) => id(80 + i)), false);
    pages.mockClear();
    expect(await w.rescore.execute({ challenge: long })).toBe(80);
    expect(pages.mock.calls.map((call) => call[1])).toEqual([null, id(39), id(79)]);
    expect(w.unitOfWork.runs).toBe(23 + 20);
  });
});

describe('repetition state through every score writer', () => {
  /** Each stored row's state against the fold over the member's stored outcomes of periods 0..i (a missing period: not reached). */
  const expectFolded = async (w: ReturnType<typeof world>, profileIds: readonly string[]) => {
    for (const profileId of profileIds) {
      const rows = await w.scores.findForMember('challenge-1', profileId);
      const byIndex = new Map(rows.map((row) => [row.periodIndex, row]));
      let state = EMPTY_REPETITION_STATE;
      for (let index = 0; index < 7; index++) {
        const row = byIndex.get(index);
        state = nextRepetitionState(state, row);
        // A period without a row has the empty state.
        expect({ profileId, index, state: row?.repetition ?? EMPTY_REPETITION_STATE }).toEqual({ profileId, index, state });
      }
    }
  };

  it('keeps every stored state equal to the fold over the stored outcomes, batch and live, in any order', async () => {
    const w = world([ChallengeMother.create({ repetition: 'STREAK' })]);
    const members = ['profile-1', 'profile-2'].map((profileId) => ChallengeMemberMother.create({ profileId }));
    await w.memberships.addAllIfAbsent(members);
    // profile-1 reached Mon, Tue, Thu; profile-2 Wed only (the clock stands on Wed 03-04).
    await w.records.upsert('app-1', 'profile-1', ['2026-03-02', '2026-03-03', '2026-03-05'].map((date) => day('profile-1', date, 10_000)));
    await w.records.upsert('app-1', 'profile-2', [day('profile-2', '2026-03-04', 10_000)]);
    await w.rescore.execute({ challenge: ChallengeMother.create({ repetition: 'STREAK' }) });
    await expectFolded(w, ['profile-1', 'profile-2']);
    expect((await w.scores.findForMember('challenge-1', 'profile-1', [6]))[0].repetition).toMatchObject({ bestRun: 2, reachedCount: 3 });

    // Wednesday arrives late for profile-1 (live path): Mon-Thu is one run of 4.
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-04', 11_000)] });
    await expectFolded(w, ['profile-1', 'profile-2']);
    expect((await w.scores.findForMember('challenge-1', 'profile-1', [6]))[0].repetition).toMatchObject({ bestRun: 4, reachedCount: 4 });

    // A correction of Tuesday for everyone through the batch path for that day only: the run breaks again.
    await w.records.upsert('app-1', 'profile-1', [day('profile-1', '2026-03-03', 500)]);
    await w.records.upsert('app-1', 'profile-2', [day('profile-2', '2026-03-03', 10_000)]);
    await w.rescore.execute({ challenge: ChallengeMother.create({ repetition: 'STREAK' }), from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z') });
    await expectFolded(w, ['profile-1', 'profile-2']);
    // profile-1: Mon, then Wed-Thu (2); profile-2: Tue-Wed (2).
    expect((await w.scores.findForMember('challenge-1', 'profile-1', [6]))[0].repetition).toMatchObject({ bestRun: 2, reachedCount: 3 });
    expect((await w.scores.findForMember('challenge-1', 'profile-2', [6]))[0].repetition).toMatchObject({ bestRun: 2, reachedCount: 2 });
  });
});

describe(AnnounceChallengeLifecycleUseCase.name, () => {
  it('writes challenge_start and challenge_end once each, when their time has come', async () => {
    const running = ChallengeMother.create();
    const ended = ChallengeMother.create({ id: 'challenge-2', start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-02-01T00:00:00Z') });
    const later = ChallengeMother.create({ id: 'challenge-3', start: new Date('2026-04-01T00:00:00Z'), end: new Date('2026-05-01T00:00:00Z') });
    const w = world([running, ended, later]);
    const sut = new AnnounceChallengeLifecycleUseCase(w.unitOfWork, w.clock);
    expect(await sut.execute()).toBe(3);
    expect(w.outbox.events.map((e) => `${e.event}:${e.challengeId}`)).toEqual([
      'challenge_start:challenge-2', 'challenge_end:challenge-2', 'challenge_start:challenge-1',
    ]);
    expect(await sut.execute()).toBe(0);
    // A PATCH moves the third challenge's start into the past: announced at the next tick.
    await w.challenges.save({ ...later, start: new Date('2026-03-04T09:00:00Z') });
    expect(await sut.execute()).toBe(1);
    expect(w.outbox.events[3]).toMatchObject({ event: 'challenge_start', challengeId: 'challenge-3', eventTimestamp: new Date('2026-03-04T10:00:00Z') });
  });
});

describe(RecountAppPointsUseCase.name, () => {
  it("recounts every profile under the app's definition and asks for the rescoring of running POINTS challenges", async () => {
    const points = ChallengeMother.create({ id: 'challenge-2', goalType: 'POINTS', goalValue: 10 });
    const over = ChallengeMother.create({ id: 'challenge-3', goalType: 'POINTS', goalValue: 10, start: new Date('2025-01-01T00:00:00Z'), end: new Date('2025-02-01T00:00:00Z') });
    const w = world([ChallengeMother.create(), points, over]);
    await w.write.execute({ appId: 'app-1', profileId: 'profile-1', records: [day('profile-1', '2026-03-02', 8_000)] });
    await w.write.execute({ appId: 'app-1', profileId: 'profile-2', records: [day('profile-2', '2026-03-02', 3_000)] });
    // Default: 1 point per 1,000 steps. Then 2 per 1,000: 16 and 6.
    await w.pointsDefinitions.save({ ...defaultPointsDefinition('app-1'), daily: { per1000Steps: 2, perKilometre: 0, perKcal: 0, perActiveMinute: 0, maxPerDay: null } });
    const sut = new RecountAppPointsUseCase(w.unitOfWork, w.profiles, w.challenges, w.jobs, w.ledger, w.clock);
    expect(await sut.execute({ appId: 'app-1' })).toBe(2);
    const totals = await Promise.all(['profile-1', 'profile-2'].map(async (id) => (await w.profiles.findInApp('app-1', id))?.totalPoints));
    expect(totals).toEqual([16, 6]);
    expect(w.jobs.pending).toEqual([{ type: 'challenge.rescore', appId: 'app-1', challengeId: 'challenge-2' }]);
  });
});
