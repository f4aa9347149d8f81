import { EMPTY_REPETITION_STATE, MemberPeriodScore, nextRepetitionState, profileTurn } from '@strive/domain';
import { FILL_REPETITION_STATE } from '../../src/persistence/migrations/1795551000000-RepetitionState';
import { COUNT_OF_FIRED_LIST } from '../../src/persistence/migrations/1795600000012-FiredThresholdCount';
import { ChallengeMemberMother, MemberPeriodScoreMother } from '@strive/domain/testing';
import { challenge, ID, profile, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('ScoreRepository', (world) => {
  const score = (challengeId: string, profileId: string, periodIndex: number, overrides: Partial<MemberPeriodScore> = {}) =>
    MemberPeriodScoreMother.create({ challengeId, profileId, periodIndex, ...overrides });
  const reached = score(ID.challenge1, ID.profile1, 0, {
    teamId: ID.team1, progress: 10_250.5, goalReached: true, goalReachedAt: new Date('2026-03-02T18:30:00.123Z'),
    reachedAt: new Date('2026-03-02T20:00:00Z'), firedThresholds: [0.25, 0.5, 0.75, 1],
    repetition: { currentRun: 1, bestRun: 1, bestRunAt: new Date('2026-03-02T18:30:00.123Z'), reachedCount: 1, reachedCountAt: new Date('2026-03-02T18:30:00.123Z') },
    totals: { distance: 8000.25, steps: 10_250.5, calories: 2200, durationSeconds: 3600.5, points: 12.75 },
    updatedAt: new Date('2026-03-02T20:00:01Z'),
  });
  const p1day1 = score(ID.challenge1, ID.profile1, 1, {
    progress: 2500, firedThresholds: [0.25], reachedAt: new Date('2026-03-03T09:00:00Z'),
    // Period 0 reached (at 18:30:00.123), period 1 not: the run ended, the best and the count stay.
    repetition: { currentRun: 0, bestRun: 1, bestRunAt: new Date('2026-03-02T18:30:00.123Z'), reachedCount: 1, reachedCountAt: new Date('2026-03-02T18:30:00.123Z') },
  });
  const p1day2 = score(ID.challenge1, ID.profile1, 2);
  const p2day1 = score(ID.challenge1, ID.profile2, 1, { progress: 4000 });
  const otherChallenge = score(ID.challenge2, ID.profile1, 0, { progress: 1 });
  const byProfileAndPeriod = (scores: readonly { profileId: string; periodIndex: number }[]) =>
    [...scores].sort((a, b) => (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : a.periodIndex - b.periodIndex));

  beforeEach(async () => {
    await seedProfiles(world(), [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA)]);
    await world().challenges.save(challenge(ID.challenge1));
    await world().challenges.save(challenge(ID.challenge2));
    await world().scores.saveMany([p2day1, p1day2, otherChallenge, reached, p1day1]);
  });

  it("reads one member's scores in period order, all or only the given periods", async () => {
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1)).toEqual([reached, p1day1, p1day2]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1, [2, 0, 7])).toEqual([reached, p1day2]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile2, [])).toEqual([]);
  });

  it('reads only the outcome fields for leaderboards', async () => {
    expect(await world().scores.findOutcomesForChallenge(ID.challenge1, 0, 0)).toEqual([
      { profileId: ID.profile1, teamId: ID.team1, periodIndex: 0, progress: 10_250.5, goalReached: true, goalReachedAt: new Date('2026-03-02T18:30:00.123Z'), reachedAt: new Date('2026-03-02T20:00:00Z') },
    ]);
    expect(byProfileAndPeriod(await world().scores.findOutcomesForChallenge(ID.challenge1, 1, 1))).toEqual([
      { profileId: ID.profile1, teamId: null, periodIndex: 1, progress: 2500, goalReached: false, goalReachedAt: null, reachedAt: new Date('2026-03-03T09:00:00Z') },
      { profileId: ID.profile2, teamId: null, periodIndex: 1, progress: 4000, goalReached: false, goalReachedAt: null, reachedAt: null },
    ]);
  });

  /** Profiles 1 and 2 as members of challenge 1, with no team (their scores' teams are the scores' own). */
  const enroll = () =>
    world().memberships.addAllIfAbsent([ID.profile1, ID.profile2].map((profileId) => ChallengeMemberMother.create({ challengeId: ID.challenge1, profileId, teamId: null })));
  const byProfile = <T extends { profileId: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.profileId < b.profileId ? -1 : 1));
  const zero = (profileId: string) => ({ profileId, teamId: null, progress: 0, goalReached: false, score: 0, scoreAt: null });

  it("reads the members' standings in one period: the repetition state's score under STREAK and STICK TO IT, else the progress; zero without a score", async () => {
    await enroll();
    expect(byProfile(await world().scores.findMemberStandings(ID.challenge1, 1, 'STREAK'))).toEqual([
      { profileId: ID.profile1, teamId: null, progress: 2500, goalReached: false, score: 1, scoreAt: new Date('2026-03-02T18:30:00.123Z') },
      { profileId: ID.profile2, teamId: null, progress: 4000, goalReached: false, score: 0, scoreAt: null },
    ]);
    // Profile 2 has no score of period 0.
    expect(byProfile(await world().scores.findMemberStandings(ID.challenge1, 0, 'STICK TO IT'))).toEqual([
      { profileId: ID.profile1, teamId: null, progress: 10_250.5, goalReached: true, score: 1, scoreAt: new Date('2026-03-02T18:30:00.123Z') },
      zero(ID.profile2),
    ]);
    expect(byProfile(await world().scores.findMemberStandings(ID.challenge1, 1, null))).toEqual([
      { profileId: ID.profile1, teamId: null, progress: 2500, goalReached: false, score: 2500, scoreAt: new Date('2026-03-03T09:00:00Z') },
      { profileId: ID.profile2, teamId: null, progress: 4000, goalReached: false, score: 4000, scoreAt: null },
    ]);
    expect(byProfile(await world().scores.findMemberStandings(ID.challenge1, 5, 'STREAK'))).toEqual([zero(ID.profile1), zero(ID.profile2)]);
  });

  it('reads the standings of members only: the named ones when named, none of a challenge without members', async () => {
    await enroll();
    // Profile 3 is not a member (a leaderboard patched with a member that left); profile 2 named twice comes once.
    expect(await world().scores.findMemberStandings(ID.challenge1, 1, 'STREAK', [ID.profile2, ID.profile3, ID.profile2])).toEqual([
      { profileId: ID.profile2, teamId: null, progress: 4000, goalReached: false, score: 0, scoreAt: null },
    ]);
    expect(await world().scores.findMemberStandings(ID.challenge1, 1, 'STICK TO IT', [])).toEqual([]);
    // Challenge 2 has a stored score of profile 1 but no members.
    expect(await world().scores.findMemberStandings(ID.challenge2, 0, null)).toEqual([]);
  });

  it('stores the repetition state in its columns (hand-written SQL)', async () => {
    const engine = world().engine;
    if (!engine) return; // the in-memory twin keeps the objects themselves
    const rows = await engine.query(
      `SELECT period_index, current_run, best_run, best_run_at, reached_count, reached_count_at FROM member_period_score
       WHERE challenge_id = $1 AND profile_id = $2 ORDER BY period_index`,
      [ID.challenge1, ID.profile1],
    );
    expect(rows).toEqual([
      { period_index: 0, current_run: 1, best_run: 1, best_run_at: new Date('2026-03-02T18:30:00.123Z'), reached_count: 1, reached_count_at: new Date('2026-03-02T18:30:00.123Z') },
      { period_index: 1, current_run: 0, best_run: 1, best_run_at: new Date('2026-03-02T18:30:00.123Z'), reached_count: 1, reached_count_at: new Date('2026-03-02T18:30:00.123Z') },
      { period_index: 2, current_run: 0, best_run: 0, best_run_at: null, reached_count: 0, reached_count_at: null },
    ]);
  });

  it('reads a repetition state written with hand-written SQL', async () => {
    const engine = world().engine;
    if (!engine) return;
    await engine.query(
      `UPDATE member_period_score SET current_run = 3, best_run = 7, best_run_at = '2026-03-01T06:00:00.5Z', reached_count = 12,
         reached_count_at = '2026-03-04T07:00:00Z' WHERE challenge_id = $1 AND profile_id = $2 AND period_index = 2`,
      [ID.challenge1, ID.profile1],
    );
    const expected = { currentRun: 3, bestRun: 7, bestRunAt: new Date('2026-03-01T06:00:00.500Z'), reachedCount: 12, reachedCountAt: new Date('2026-03-04T07:00:00Z') };
    expect((await world().scores.findForMember(ID.challenge1, ID.profile1, [2]))[0].repetition).toEqual(expected);
    await enroll();
    expect(byProfile(await world().scores.findMemberStandings(ID.challenge1, 2, 'STREAK'))).toEqual([
      { profileId: ID.profile1, teamId: null, progress: 0, goalReached: false, score: 7, scoreAt: new Date('2026-03-01T06:00:00.500Z') },
      zero(ID.profile2),
    ]);
    expect((await world().scores.findMemberStandings(ID.challenge1, 2, 'STICK TO IT', [ID.profile1]))).toEqual([
      { profileId: ID.profile1, teamId: null, progress: 0, goalReached: false, score: 12, scoreAt: new Date('2026-03-04T07:00:00Z') },
    ]);
  });

  it('replaces a score by its key (challenge, profile, period)', async () => {
    const again = { ...p1day1, progress: 9000, firedThresholds: [0.25, 0.5, 0.75], teamId: ID.team2 };
    await world().scores.saveMany([again]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1, [1])).toEqual([again]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1)).toEqual([reached, again, p1day2]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile2)).toEqual([p2day1]);
  });

  it('reads back every double as it was written, to the last bit', async () => {
    // 0.1 + 0.2 is 0.30000000000000004 (17 significant digits); 2 ** 53 - 1 the largest exact
    // integer; 5e-324 the smallest subnormal; 1 / 3 has no short decimal form.
    const exact = {
      ...p1day1, progress: 0.1 + 0.2,
      totals: { distance: 1 / 3, steps: 2 ** 53 - 1, calories: 5e-324, durationSeconds: 1.7976931348623157e308, points: -0.1 - 0.2 },
    };
    await world().scores.saveMany([exact]);
    const [read] = await world().scores.findForMember(ID.challenge1, ID.profile1, [1]);
    expect(read.progress).toBe(0.30000000000000004);
    expect(read.totals).toEqual({ distance: 0.3333333333333333, steps: 9_007_199_254_740_991, calories: 5e-324, durationSeconds: 1.7976931348623157e308, points: -0.30000000000000004 });
    expect(read).toEqual(exact);
  });

  it('reads back every instant as it was written, to the millisecond, across the supported range', async () => {
    // Odd milliseconds at both ends of the range, before 1970 (negative epoch), just below a whole
    // second, and two whose seconds as a double times 1,000 fall just short of the millisecond
    // (2004-04-18T00:49:09.159Z and 1935-03-10T22:00:41.943Z: a Date of that number is 1 ms early).
    const instants = {
      periodStart: new Date('1900-01-01T00:00:00.001Z'), periodEnd: new Date('2099-12-31T23:59:59.999Z'),
      goalReachedAt: new Date('2026-03-02T18:30:00.999Z'), reachedAt: new Date('1969-12-31T23:59:59.999Z'),
      updatedAt: new Date('2004-04-18T00:49:09.159Z'),
    };
    const exact = {
      ...p1day1, ...instants, goalReached: true,
      repetition: { currentRun: 1, bestRun: 2, bestRunAt: new Date('1935-03-10T22:00:41.943Z'), reachedCount: 3, reachedCountAt: new Date('2099-12-31T23:59:59.001Z') },
    };
    await world().scores.saveMany([exact]);
    const [read] = await world().scores.findForMember(ID.challenge1, ID.profile1, [1]);
    expect(read.periodStart.toISOString()).toBe('1900-01-01T00:00:00.001Z');
    expect(read.reachedAt?.toISOString()).toBe('1969-12-31T23:59:59.999Z');
    expect(read.updatedAt.toISOString()).toBe('2004-04-18T00:49:09.159Z');
    expect(read).toEqual(exact);
    const outcome = (await world().scores.findOutcomesForChallenge(ID.challenge1, 1, 1)).find((o) => o.profileId === ID.profile1);
    expect([outcome?.goalReachedAt, outcome?.reachedAt]).toEqual([instants.goalReachedAt, instants.reachedAt]);
    await enroll();
    const [streak] = await world().scores.findMemberStandings(ID.challenge1, 1, 'STREAK', [ID.profile1]);
    const [count] = await world().scores.findMemberStandings(ID.challenge1, 1, 'STICK TO IT', [ID.profile1]);
    expect([streak?.scoreAt, count?.scoreAt]).toEqual([new Date('1935-03-10T22:00:41.943Z'), new Date('2099-12-31T23:59:59.001Z')]);
  });

  it("writes a member's new and stored periods of one call, and leaves the stored periods between them that it was not given", async () => {
    // Stored: challenge1 x profile1 periods 0, 1 and 2, challenge2 x profile1 period 0. Given: period 0 changed, a new
    // period 4 (1 and 2 lie between them and are not given), and challenge2's period 0 changed.
    const period0 = { ...reached, progress: 11_000 };
    const period4 = score(ID.challenge1, ID.profile1, 4, { progress: 5 });
    const challenge2Period0 = { ...otherChallenge, progress: 2 };
    await world().scores.saveMany([period4, challenge2Period0, period0]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1)).toEqual([period0, p1day1, p1day2, period4]);
    expect(await world().scores.findForMember(ID.challenge2, ID.profile1)).toEqual([challenge2Period0]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile2)).toEqual([p2day1]);
  });

  it('leaves a score that the rescore did not change as it was: its updatedAt is when it last changed', async () => {
    const later = new Date('2026-03-05T08:00:00Z');
    await world().scores.saveMany([{ ...p1day1, updatedAt: later }, { ...p1day2, progress: 1, updatedAt: later }]);
    // p1day1 came back the same but for updatedAt: kept from beforeEach; p1day2 changed: stamped.
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1, [1, 2])).toEqual([p1day1, { ...p1day2, progress: 1, updatedAt: later }]);
  });

  it('migration RepetitionState fills existing rows as the domain folds them (a missing period breaks a run)', async () => {
    const engine = world().engine;
    if (!engine) return;
    await world().scores.deleteForChallenge(ID.challenge1);
    // profile1: reached 0, 1, (no row 2), 3, 4, not 5, reached 6 and 7; profile2: 1 and 2 (ties keep the earlier run).
    const reachedPeriods = new Map([[ID.profile1, [0, 1, 3, 4, 6, 7]], [ID.profile2, [1, 2]]]);
    const rows = [
      ...[0, 1, 3, 4, 5, 6, 7].map((periodIndex) => ({ profileId: ID.profile1, periodIndex })),
      ...[0, 1, 2, 3].map((periodIndex) => ({ profileId: ID.profile2, periodIndex })),
    ].map(({ profileId, periodIndex }) => {
      const goalReached = reachedPeriods.get(profileId)!.includes(periodIndex);
      const goalReachedAt = goalReached ? new Date(Date.UTC(2026, 2, 2 + periodIndex, 7, periodIndex)) : null;
      return score(ID.challenge1, profileId, periodIndex, { goalReached, goalReachedAt, progress: goalReached ? 10_000 : 10 });
    });
    await world().scores.saveMany(rows); // every state empty, as the migration found them
    await engine.query(FILL_REPETITION_STATE);
    for (const profileId of [ID.profile1, ID.profile2]) {
      const stored = new Map((await world().scores.findForMember(ID.challenge1, profileId)).map((row) => [row.periodIndex, row]));
      let state = EMPTY_REPETITION_STATE;
      for (let index = 0; index <= 7; index++) {
        state = nextRepetitionState(state, stored.get(index));
        if (stored.has(index)) expect({ profileId, index, state: stored.get(index)?.repetition }).toEqual({ profileId, index, state });
      }
    }
    // By hand: profile1 after period 7: runs 2 (0-1), 2 (3-4, a tie: the gap at 2 broke the run), 2 (6-7); 6 reached.
    expect((await world().scores.findForMember(ID.challenge1, ID.profile1, [7]))[0].repetition).toEqual({
      currentRun: 2, bestRun: 2, bestRunAt: new Date('2026-03-03T07:01:00Z'), reachedCount: 6, reachedCountAt: new Date('2026-03-09T07:07:00Z'),
    });
  });

  it('migration FiredThresholdCount counts a stored list up to its highest threshold', async () => {
    const engine = world().engine;
    if (!engine) return;
    const rows: { count: number }[] = await engine.query(
      `SELECT (${COUNT_OF_FIRED_LIST})::int AS count
       FROM unnest(ARRAY['{}', '{0.25}', '{0.25,0.5}', '{0.75}', '{0.25,0.5,0.75,1}', '{0.5,1}']) WITH ORDINALITY AS l(list, n)
       CROSS JOIN LATERAL (SELECT l.list::float8[] AS fired_thresholds) t ORDER BY l.n`,
    );
    expect(rows.map((row) => row.count)).toEqual([0, 1, 2, 3, 4, 4]);
  });

  // No foreign keys since ScoresWithoutForeignKeys: the adapters keep what they used to enforce.
  const storedFor = async (column: 'profile_id' | 'challenge_id', id: string) =>
    ((await world().engine?.query(`SELECT count(*)::int AS n FROM member_period_score WHERE ${column} = $1`, [id])) as { n: number }[])[0].n;

  it('deletes the scores of a deleted profile or challenge with it (hand-written SQL)', async () => {
    if (!world().engine) return; // in memory, scores are not joined to profiles
    expect([await storedFor('profile_id', ID.profile1), await storedFor('profile_id', ID.profile2)]).toEqual([4, 1]);
    await world().profiles.delete(ID.appA, ID.profile1);
    expect([await storedFor('profile_id', ID.profile1), await storedFor('profile_id', ID.profile2)]).toEqual([0, 1]);
    await world().challenges.delete(ID.appA, ID.challenge1);
    expect(await storedFor('challenge_id', ID.challenge1)).toBe(0);
  });

  it("deletes a profile after the writer that holds the profile's turn, its new scores with it (hand-written SQL)", async () => {
    if (!world().engine) return;
    const order: string[] = [];
    let deletion: Promise<void> = Promise.resolve();
    await world().unitOfWork.run(async (ports) => {
      await ports.takeTurn(profileTurn(ID.profile1));
      deletion = world().profiles.delete(ID.appA, ID.profile1).then(() => void order.push('profile deleted'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The profile row is not locked: only the turn keeps the deletion waiting.
      await ports.scores.saveMany([score(ID.challenge1, ID.profile1, 7)]);
      order.push('scores written');
    });
    await deletion;
    expect(order).toEqual(['scores written', 'profile deleted']);
    expect(await storedFor('profile_id', ID.profile1)).toBe(0);
  });

  it('writes no score for a profile or a challenge that does not exist, and the others of the same call (hand-written SQL)', async () => {
    if (!world().engine) return;
    const missingChallenge = 'c9000000-0000-4000-8000-0000000000c9';
    await world().scores.saveMany([score(ID.challenge1, ID.profile3, 0), score(missingChallenge, ID.profile1, 0), score(ID.challenge1, ID.profile2, 5)]);
    expect(await storedFor('profile_id', ID.profile3)).toBe(0);
    expect(await storedFor('challenge_id', missingChallenge)).toBe(0);
    expect((await world().scores.findForMember(ID.challenge1, ID.profile2)).map((s) => s.periodIndex)).toEqual([1, 5]);
  });

  it("keeps each member's totals the exact sum of its stored periods (hand-written SQL)", async () => {
    const engine = world().engine;
    if (!engine) return; // the in-memory reads sum the scores themselves
    const kept = async () =>
      (await engine.query(
        `SELECT m.profile_id, m.total_steps::float8 AS kept, m.total_points::float8 AS points,
           (SELECT coalesce(sum(s.total_steps::numeric), 0)::float8 FROM member_period_score s
            WHERE s.app_id = m.app_id AND s.challenge_id = m.challenge_id AND s.profile_id = m.profile_id) AS fresh
         FROM challenge_member m WHERE m.challenge_id = $1 ORDER BY m.profile_id`,
        [ID.challenge1],
      )) as { profile_id: string; kept: number; points: number; fresh: number }[];
    // They join after their scores were stored (as members back in a challenge): they find their sums.
    await world().memberships.addAllIfAbsent([ID.profile1, ID.profile2].map((profileId) => ChallengeMemberMother.create({ challengeId: ID.challenge1, profileId })));
    // profile1: period 0 has 10,250.5 steps and 12.75 points, periods 1 and 2 none; profile2: none.
    expect(await kept()).toEqual([
      { profile_id: ID.profile1, kept: 10_250.5, points: 12.75, fresh: 10_250.5 },
      { profile_id: ID.profile2, kept: 0, points: 0, fresh: 0 },
    ]);
    // Period 0 rewritten with fewer steps, period 1 with some, a new period 5 for profile2: 10,250.5 -> 9,000.25 + 0.1.
    await world().scores.saveMany([
      { ...reached, totals: { ...reached.totals, steps: 9000.25 } },
      { ...p1day1, totals: { ...p1day1.totals, steps: 0.1 } },
      score(ID.challenge1, ID.profile2, 5, { totals: { distance: 0, steps: 0.2, calories: 0, durationSeconds: 0, points: 0.3 } }),
    ]);
    expect(await kept()).toEqual([
      { profile_id: ID.profile1, kept: 9000.35, points: 12.75, fresh: 9000.35 },
      { profile_id: ID.profile2, kept: 0.2, points: 0.3, fresh: 0.2 },
    ]);
    // The same scores again, only restamped: rows left as they were, sums unmoved.
    const restamped = new Date('2026-03-06T00:00:00Z');
    await world().scores.saveMany([
      { ...reached, totals: { ...reached.totals, steps: 9000.25 }, updatedAt: restamped },
      score(ID.challenge1, ID.profile2, 5, { totals: { distance: 0, steps: 0.2, calories: 0, durationSeconds: 0, points: 0.3 }, updatedAt: restamped }),
    ]);
    expect(await kept()).toEqual([
      { profile_id: ID.profile1, kept: 9000.35, points: 12.75, fresh: 9000.35 },
      { profile_id: ID.profile2, kept: 0.2, points: 0.3, fresh: 0.2 },
    ]);
    // Whole numbers move by their difference without decimals: period 0 to 12,000 steps (from
    // 9,000.25: 9,000.35 -> 12,000.1), then to 11,000 (whole to whole: -1,000) while period 1 goes
    // from 0.1 to 3 (+2.9): 11,003.
    await world().scores.saveMany([{ ...reached, totals: { ...reached.totals, steps: 12_000 } }]);
    expect((await kept())[0]).toEqual({ profile_id: ID.profile1, kept: 12_000.1, points: 12.75, fresh: 12_000.1 });
    await world().scores.saveMany([
      { ...reached, totals: { ...reached.totals, steps: 11_000 } },
      { ...p1day1, totals: { ...p1day1.totals, steps: 3 } },
    ]);
    expect((await kept())[0]).toEqual({ profile_id: ID.profile1, kept: 11_003, points: 12.75, fresh: 11_003 });
    await world().scores.deleteForChallenge(ID.challenge1);
    expect((await kept()).map((row) => [row.kept, row.points, row.fresh])).toEqual([[0, 0, 0], [0, 0, 0]]);
  });

  it('writes a batch of every other member over their stored periods, and leaves the members in between, totals too (hand-written SQL)', async () => {
    // 80 members with steps 100 + i in periods 0 and 1. The write gives every other one (40 of the
    // 79 in their id range: a SQL engine reads their stored rows by that range) period 1 anew, with
    // 1,000 + i steps, and a new period 2 with 7 steps.
    const memberId = (i: number) => `72000000-0000-4000-8000-0000000000${i.toString(16).padStart(2, '0')}`;
    const ids = Array.from({ length: 80 }, (_, i) => memberId(i));
    await seedProfiles(world(), ids.map((id) => profile(id, ID.appA)));
    await world().memberships.addAllIfAbsent(ids.map((profileId) => ChallengeMemberMother.create({ challengeId: ID.challenge1, profileId })));
    const steps = (profileId: string, periodIndex: number, n: number) =>
      score(ID.challenge1, profileId, periodIndex, { progress: n, totals: { distance: 0, steps: n, calories: 0, durationSeconds: 0, points: 0 } });
    await world().scores.saveMany(ids.flatMap((id, i) => [steps(id, 0, 100 + i), steps(id, 1, 100 + i)]));
    const given = ids.filter((_, i) => i % 2 === 0 && i < 80);
    await world().scores.saveMany(given.flatMap((id) => [steps(id, 1, 1_000 + ids.indexOf(id)), steps(id, 2, 7)]));
    for (const [i, id] of ids.entries()) {
      const expected = i % 2 === 0 ? [100 + i, 1_000 + i, 7] : [100 + i, 100 + i];
      expect((await world().scores.findForMember(ID.challenge1, id)).map((s) => s.progress)).toEqual(expected);
    }
    const engine = world().engine;
    if (!engine) return;
    // Member 4: 104 + 1,004 + 7 = 1,115; member 5, not given: 105 + 105 = 210.
    const kept: { profile_id: string; steps: number }[] = await engine.query(
      'SELECT profile_id, total_steps::float8 AS steps FROM challenge_member WHERE challenge_id = $1 AND profile_id = ANY($2::uuid[]) ORDER BY profile_id',
      [ID.challenge1, [ids[4], ids[5]]],
    );
    expect(kept).toEqual([{ profile_id: ids[4], steps: 1_115 }, { profile_id: ids[5], steps: 210 }]);
  });

  it("deletes every score of one challenge", async () => {
    await world().scores.deleteForChallenge(ID.challenge1);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1)).toEqual([]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile2)).toEqual([]);
    expect(await world().scores.findForMember(ID.challenge2, ID.profile1)).toEqual([otherChallenge]);
  });
});
