import { ActivityRecordMother as Records, ChallengeMemberMother, ChallengeMother } from '../../testing/challenge-mother';
import { FixedClock } from '../../testing/fixed-clock';
import { InMemoryActivityHistory } from '../../testing/in-memory-activity-history';
import { InMemoryEventOutbox } from '../../testing/in-memory-event-outbox';
import { InMemoryScoreRepository } from '../../testing/in-memory-score-repository';
import { Challenge } from '../challenge/challenge';
import { PeriodCalendar } from '../challenge/period-calendar';
import { ChallengeMember } from '../membership/challenge-member';
import { ActivityHistory } from '../ports/activity-history';
import { isRescorable, RescoreMemberInput, RescoreMemberUseCase } from './rescore-member.use-case';

describe(RescoreMemberUseCase.name, () => {
  let scores: InMemoryScoreRepository;
  let history: InMemoryActivityHistory;
  let outbox: InMemoryEventOutbox;
  let clock: FixedClock;
  let sut: ReturnType<typeof storing>;

  /**
   * Rescores over a batch of what `scores` and `from` hold (as a batch reader reads them), then
   * stores what it answers, as its callers do.
   */
  const storing = (rescore: RescoreMemberUseCase, from: () => ActivityHistory = () => history) => ({
    execute: async (input: RescoreMemberInput) => {
      const stored = scores.all();
      const result = rescore.execute(input, {
        history: from(),
        scores: {
          findForMember: (challengeId, profileId, first = 0, last = Infinity) =>
            stored.filter((s) => s.challengeId === challengeId && s.profileId === profileId && s.periodIndex >= first && s.periodIndex <= last),
        },
      });
      await scores.saveMany(result.written);
      await outbox.append(result.events);
      return result;
    },
  });

  beforeEach(() => {
    scores = new InMemoryScoreRepository();
    history = new InMemoryActivityHistory();
    outbox = new InMemoryEventOutbox();
    clock = new FixedClock('2026-03-04T12:00:00Z');
    sut = storing(new RescoreMemberUseCase(clock, (record) => ('date' in record ? record.steps / 1000 : 0)));
  });

  // Default challenge: INDIVIDUAL, DAILY 10,000 steps, UTC, Mon 2026-03-02 .. Mon 2026-03-09.
  const challenge = ChallengeMother.create();
  const member = ChallengeMemberMother.create();
  const rescoreDay = (date: string, c: Challenge = challenge, m: ChallengeMember = member) => {
    const range = PeriodCalendar.of(c).localDayRange(date)!;
    return sut.execute({ challenge: c, member: m, ...range });
  };

  it('stores the affected period and sends one notification for several thresholds crossed at once', async () => {
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-03', steps: 6_000 })] });

    const result = await rescoreDay('2026-03-03');

    // 6000 / 10000 = 60 %: 25 % and 50 % crossed at once -> one partial event carrying 50 %.
    expect(result.status).toBe('rescored');
    expect(scores.all()).toEqual([
      expect.objectContaining({
        challengeId: 'challenge-1', profileId: 'profile-1', teamId: null, periodIndex: 1,
        periodStart: new Date('2026-03-03T00:00:00Z'), periodEnd: new Date('2026-03-04T00:00:00Z'),
        progress: 6_000, goalReached: false, firedThresholds: [0.25, 0.5], updatedAt: new Date('2026-03-04T12:00:00Z'),
      }),
    ]);
    expect(outbox.events).toEqual([
      expect.objectContaining({
        event: 'partial_period_goal_reached', modelId: 'profile-1', periodIndex: 1, threshold: 0.5,
        goalReachedProportion: 0.6, currentScore: 6_000,
      }),
    ]);
  });

  it('sends the goal notification once, and nothing when the same data is rescored again', async () => {
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-03', steps: 6_000 })] });
    await rescoreDay('2026-03-03');
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-03', source: 'FITBIT', steps: 5_000 })] });

    const reached = await rescoreDay('2026-03-03');
    const again = await rescoreDay('2026-03-03');

    // 6000 + 5000 = 11000 >= 10000: 75 % and 100 % crossed at once -> one goal event.
    expect(reached.events.map((e) => [e.event, e.threshold, e.currentScore])).toEqual([['challenge_period_goal_reached', 1, 11_000]]);
    expect(reached.scores[0]).toMatchObject({ goalReached: true, firedThresholds: [0.25, 0.5, 0.75, 1] });
    expect(again.events).toEqual([]);
    expect(outbox.events.map((e) => e.event)).toEqual(['partial_period_goal_reached', 'challenge_period_goal_reached']);
  });

  it('writes only the periods whose score changed, and nothing when the same data is rescored again', async () => {
    history.add({
      dailySummaries: [Records.dailySummary({ date: '2026-03-03', steps: 6_000 }), Records.dailySummary({ date: '2026-03-04', steps: 12_000 })],
    });
    const twoDays = { challenge, member, from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-05T00:00:00Z') };
    await sut.execute(twoDays);
    clock.set('2026-03-05T08:00:00Z');
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-04', source: 'FITBIT', steps: 1_000 })] });

    const changed = await sut.execute(twoDays);
    const same = await sut.execute(twoDays);

    // Both periods (1: 03-03, 2: 03-04) are computed each time; only 03-04 moved (12,000 + 1,000 = 13,000).
    expect(changed.scores.map((s) => [s.periodIndex, s.progress])).toEqual([[1, 6_000], [2, 13_000]]);
    expect(same.scores.map((s) => [s.periodIndex, s.progress])).toEqual([[1, 6_000], [2, 13_000]]);
    expect(changed.written.map((s) => [s.periodIndex, s.progress])).toEqual([[2, 13_000]]);
    expect(same.written).toEqual([]);
    // The unchanged period keeps the time it was last written.
    expect(scores.all().map((s) => [s.periodIndex, s.updatedAt.toISOString()])).toEqual([
      [1, '2026-03-04T12:00:00.000Z'], [2, '2026-03-05T08:00:00.000Z'],
    ]);
  });

  it('rescores every period a range touches, and only those', async () => {
    const workoutChallenge = ChallengeMother.create({ dataSource: 'workout', goalType: 'DISTANCE', goalValue: 5_000 });
    history.add({
      workouts: [
        Records.workout({ start: new Date('2026-03-02T18:00:00Z'), distance: 1_000 }),
        Records.workout({ start: new Date('2026-03-04T06:00:00Z'), distance: 6_000 }),
        Records.workout({ start: new Date('2026-03-06T06:00:00Z'), distance: 9_000 }), // outside the range's periods
      ],
    });

    const result = await sut.execute({
      challenge: workoutChallenge, member,
      from: new Date('2026-03-02T18:00:00Z'), to: new Date('2026-03-04T06:00:01Z'),
    });

    // Periods 0, 1, 2 (03-02 .. 03-04): 1000 (20 %: no threshold), 0, 6000 (>= 5000: goal).
    expect(result.scores.map((s) => [s.periodIndex, s.progress])).toEqual([[0, 1_000], [1, 0], [2, 6_000]]);
    expect(result.events.map((e) => [e.periodIndex, e.event])).toEqual([[2, 'challenge_period_goal_reached']]);
  });

  it('stores no row for a period left empty, and writes an empty score over a stored row', async () => {
    const workoutChallenge = ChallengeMother.create({ dataSource: 'workout', goalType: 'DISTANCE', goalValue: 5_000 });
    history.add({
      workouts: [
        Records.workout({ start: new Date('2026-03-02T18:00:00Z'), distance: 1_000 }),
        Records.workout({ start: new Date('2026-03-04T06:00:00Z'), distance: 6_000 }),
      ],
    });
    const threeDays = { challenge: workoutChallenge, member, from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-05T00:00:00Z') };

    const first = await sut.execute(threeDays);

    // Period 1 (03-03) has no data: computed (0), not stored; a board reads no row as 0.
    expect(first.scores.map((s) => [s.periodIndex, s.progress])).toEqual([[0, 1_000], [1, 0], [2, 6_000]]);
    expect(scores.all().map((s) => [s.periodIndex, s.progress])).toEqual([[0, 1_000], [2, 6_000]]);

    // The workouts are gone (deleted upstream): each stored row becomes the empty score it now is.
    const afterDeletion = storing(new RescoreMemberUseCase(clock), () => new InMemoryActivityHistory());
    await afterDeletion.execute(threeDays);
    expect(scores.all().map((s) => [s.periodIndex, s.progress, s.goalReached, s.totals.distance])).toEqual([
      [0, 0, false, 0], [2, 0, false, 0],
    ]);
  });

  it('adds event points and record points in POINTS challenges', async () => {
    const points = ChallengeMother.create({ goalType: 'POINTS', goalValue: 100, goal: 'TOTAL' });
    history.add({
      dailySummaries: [Records.dailySummary({ date: '2026-03-05', steps: 12_000 })],
      events: [Records.event({ points: 30, timestamp: new Date('2026-03-05T09:00:00Z') })],
    });

    const result = await rescoreDay('2026-03-05', points);

    // 12000 steps / 1000 = 12 points + 30 event points = 42 (42 %: the 25 % notification).
    expect(result.scores.map((s) => s.progress)).toEqual([42]);
    expect(result.events.map((e) => e.threshold)).toEqual([0.25]);
  });

  it('gives records no points when no points function is configured', async () => {
    const withoutPoints = storing(new RescoreMemberUseCase(clock));
    const points = ChallengeMother.create({ goalType: 'POINTS', goalValue: 100, goal: 'TOTAL', dataSource: 'workout' });
    history.add({ workouts: [Records.workout({ start: new Date('2026-03-05T09:00:00Z') })] });

    const result = await withoutPoints.execute({ challenge: points, member, from: points.start, to: points.end });

    expect(result.scores.map((s) => s.progress)).toEqual([0]);
  });

  it('keeps a team member\'s contribution under its team and sends no period events', async () => {
    const team = ChallengeMother.create({ type: 'TEAM' });
    const teamMember = ChallengeMemberMother.create({ teamId: 'red' });
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-02', steps: 20_000 })] });

    const result = await rescoreDay('2026-03-02', team, teamMember);

    expect(result.scores).toEqual([expect.objectContaining({ teamId: 'red', progress: 20_000, periodIndex: 0 })]);
    expect(outbox.events).toEqual([]);
  });

  it('sends one goal notification, not four, when one score crosses 25, 50, 75 and 100 % at once', async () => {
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-03', steps: 12_000 })] });

    await rescoreDay('2026-03-03');

    // 12000 / 10000 = 120 %: every threshold at once -> only challenge_period_goal_reached.
    expect(outbox.events).toEqual([expect.objectContaining({ event: 'challenge_period_goal_reached', threshold: 1, periodIndex: 1 })]);
  });

  it('sends no period events for a GROUP (global) challenge', async () => {
    const group = ChallengeMother.create({ type: 'GROUP' });
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-02', steps: 20_000 })] });

    await rescoreDay('2026-03-02', group);

    expect(outbox.events).toEqual([]);
  });

  it('counts nothing inside an inactive interval', async () => {
    const inactive = ChallengeMemberMother.create({ inactiveIntervals: [{ from: new Date('2026-03-03T00:00:00Z'), to: null }] });
    history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-03', steps: 20_000 })] });

    const result = await rescoreDay('2026-03-03', challenge, inactive);

    expect(result.scores.map((s) => s.progress)).toEqual([0]);
    expect(result.events).toEqual([]);
  });

  it('clips the range to the challenge and ignores a range outside it', async () => {
    const outside = await sut.execute({ challenge, member, from: new Date('2026-03-09T00:00:00Z'), to: new Date('2026-03-10T00:00:00Z') });
    expect(outside).toEqual({ status: 'outside_challenge', scores: [], carried: [], events: [], written: [] });
    const clipped = await sut.execute({ challenge, member, from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-03-02T00:00:01Z') });
    expect(clipped.scores.map((s) => s.periodIndex)).toEqual([0]);
  });

  describe('repetition state (7 periods: Mon 03-02 .. Sun 03-08; summaries count at 00:00 UTC of their date)', () => {
    // The states are what STREAK and STICK TO IT boards rank members by: kept in such challenges only.
    const streak = ChallengeMother.create({ repetition: 'STREAK' });
    const rescoreStreakDay = (d: string) => rescoreDay(d, streak);
    const day = (d: number) => new Date(Date.UTC(2026, 2, 2 + d));
    const date = (d: number) => day(d).toISOString().slice(0, 10);
    const states = () => scores.all().map((s) => [s.periodIndex, s.repetition.currentRun, s.repetition.bestRun, s.repetition.reachedCount]);
    const steps = (d: number, value: number, source: 'GARMIN' | 'FITBIT' = 'GARMIN') =>
      history.add({ dailySummaries: [Records.dailySummary({ date: date(d), steps: value, source })] });

    it('folds on from the stored state of the period before, and carries a change to every later period', async () => {
      clock.set('2026-03-08T12:00:00Z');
      // Days 0, 1 and 3 reached; day 2 not yet.
      for (const d of [0, 1, 3]) steps(d, 10_000);
      for (const d of [0, 1, 2, 3]) await rescoreStreakDay(date(d));
      // Reaching day 0 created rows for days 1..6 (carried); by hand: runs 1, 2, 0, 1, 0, 0, 0.
      expect(states()).toEqual([
        // period, currentRun, bestRun, reachedCount
        [0, 1, 1, 1], [1, 2, 2, 2], [2, 0, 2, 2], [3, 1, 2, 3], [4, 0, 2, 3], [5, 0, 2, 3], [6, 0, 2, 3],
      ]);
      expect(scores.all()[6]).toMatchObject({ progress: 0, goalReached: false, firedThresholds: [], repetition: { bestRunAt: day(1), reachedCountAt: day(3) } });

      // Day 2 reaches its goal late: runs 0-3 join (best 4, completed on day 3), counts rise by one from day 2 on.
      steps(2, 12_000, 'FITBIT');
      const result = await rescoreStreakDay(date(2));
      expect(result.scores.map((s) => s.periodIndex)).toEqual([2]);
      expect(result.carried.map((s) => s.periodIndex)).toEqual([3, 4, 5, 6]);
      expect(states()).toEqual([[0, 1, 1, 1], [1, 2, 2, 2], [2, 3, 3, 3], [3, 4, 4, 4], [4, 0, 4, 4], [5, 0, 4, 4], [6, 0, 4, 4]]);
      expect(scores.all()[6].repetition).toEqual({ currentRun: 0, bestRun: 4, bestRunAt: day(3), reachedCount: 4, reachedCountAt: day(3) });
      // The carried rows keep their outcomes.
      expect(scores.all()[3]).toMatchObject({ progress: 10_000, goalReached: true, goalReachedAt: day(3) });
    });

    it('leaves later periods alone when the state of the rescored period does not change', async () => {
      clock.set('2026-03-08T12:00:00Z');
      steps(0, 10_000);
      await rescoreStreakDay(date(0));
      steps(0, 1_000, 'FITBIT'); // more steps (this history adds them up), the same reached day, reached at 00:00 as before
      const again = await rescoreStreakDay(date(0));
      expect(again.scores[0].progress).toBe(11_000);
      expect(again.carried).toEqual([]);
    });

    it('stops carrying at the first later period whose stored state stays', async () => {
      clock.set('2026-03-08T12:00:00Z');
      for (const d of [0, 2, 3, 4]) steps(d, 10_000);
      for (const d of [0, 1, 2, 3, 4, 5, 6]) await rescoreStreakDay(date(d));
      // Runs 1, 0, 1, 2, 3, 0, 0: best 3 from day 4 on. Day 1 reached: runs 1, 2, 3, 4, 5: every later state changes.
      steps(1, 10_000);
      expect((await rescoreStreakDay(date(1))).carried.map((s) => s.periodIndex)).toEqual([2, 3, 4, 5, 6]);
      // Day 5 reached after day 1: runs ..., 5, 6 on day 5; day 6's state changes (best 6), no later period.
      steps(5, 10_000);
      expect((await rescoreStreakDay(date(5))).carried.map((s) => s.periodIndex)).toEqual([6]);
      // Day 6 rescored again (no data, the last period): nothing to carry.
      expect((await rescoreStreakDay(date(6))).carried).toEqual([]);
      expect(states()).toEqual([[0, 1, 1, 1], [1, 2, 2, 2], [2, 3, 3, 3], [3, 4, 4, 4], [4, 5, 5, 5], [5, 6, 6, 6], [6, 0, 6, 6]]);
    });

    it('stops at a later stored period that already holds the new state', async () => {
      clock.set('2026-03-08T12:00:00Z');
      for (const d of [0, 1, 2]) steps(d, 10_000);
      await sut.execute({ challenge: streak, member, from: day(0), to: day(7) }); // the whole challenge: runs 1, 2, 3, 0, 0, 0, 0
      // Day 4 reached: day 4's run 1 < best 3, count 4 from day 4 on: days 5 and 6 change.
      steps(4, 10_000);
      expect((await rescoreStreakDay(date(4))).carried.map((s) => s.periodIndex)).toEqual([5, 6]);
      // Day 3 rescored with no data: state unchanged (run 0), nothing carried.
      expect((await rescoreStreakDay(date(3))).carried).toEqual([]);
      expect(states()).toEqual([[0, 1, 1, 1], [1, 2, 2, 2], [2, 3, 3, 3], [3, 0, 3, 3], [4, 1, 3, 4], [5, 0, 3, 4], [6, 0, 3, 4]]);
    });

    it('keeps the empty state and rewrites no later period in a challenge ranked by progress (NONE)', async () => {
      clock.set('2026-03-08T12:00:00Z');
      for (const d of [0, 1]) steps(d, 10_000);
      const result = await rescoreDay(date(0));
      expect(result.carried).toEqual([]);
      await rescoreDay(date(1));
      // Only the two rescored days have rows; both hold the empty state.
      expect(states()).toEqual([[0, 0, 0, 0], [1, 0, 0, 0]]);
      expect(scores.all().map((s) => s.goalReached)).toEqual([true, true]);
    });
  });

  describe('grace period (end 2026-03-09, 7 grace days)', () => {
    it.each<[string, string]>([
      ['2026-03-08T12:00:00Z', 'rescored'], // running
      ['2026-03-15T23:59:59Z', 'rescored'], // 03-09 + 7 days = 03-16, still inside
      ['2026-03-16T00:00:00Z', 'final'],
    ])('at %s: %s', async (now, status) => {
      clock.set(now);
      history.add({ dailySummaries: [Records.dailySummary({ date: '2026-03-08', steps: 100 })] });
      const result = await rescoreDay('2026-03-08');
      expect(result.status).toBe(status);
      expect(scores.all()).toHaveLength(status === 'final' ? 0 : 1);
    });

    it('honours the challenge\'s own grace days', () => {
      expect(isRescorable({ ...challenge, graceDays: 0 }, new Date('2026-03-09T00:00:00Z'))).toBe(false);
      expect(isRescorable({ ...challenge, graceDays: 0 }, new Date('2026-03-08T23:59:59Z'))).toBe(true);
    });
  });
});
