import { ChallengeMemberMother, ChallengeMother, MemberPeriodScoreMother } from '../../testing/challenge-mother';
import { FixedClock } from '../../testing/fixed-clock';
import { InMemoryMembershipRepository } from '../../testing/in-memory-membership-repository';
import { InMemoryScoreRepository } from '../../testing/in-memory-score-repository';
import { Challenge } from '../challenge/challenge';
import { EMPTY_REPETITION_STATE, nextRepetitionState } from '../challenge/repetition';
import { MemberPeriodScore } from '../challenge/member-period-score';
import { ScoringError, ScoringErrorCode } from '../challenge/scoring-error';
import { GetLeaderboardInput, GetLeaderboardUseCase } from './get-leaderboard.use-case';

const at = (day: number, hour: number): Date => new Date(Date.UTC(2026, 2, day, hour));
const ranks = (result: { results: readonly { key: string; rank: number; score: number }[] }): [string, number, number][] =>
  result.results.map((e) => [e.key, e.rank, e.score]);

describe(GetLeaderboardUseCase.name, () => {
  let scores: InMemoryScoreRepository;
  let memberships: InMemoryMembershipRepository;
  let sut: GetLeaderboardUseCase;
  const clock = new FixedClock('2026-03-04T12:00:00Z'); // period 2 of the default DAILY challenge

  beforeEach(() => {
    memberships = new InMemoryMembershipRepository(members);
    scores = new InMemoryScoreRepository(memberships);
    sut = new GetLeaderboardUseCase(scores, clock, memberships);
  });

  const seed = (...rows: (Partial<MemberPeriodScore> & { profileId: string })[]) =>
    scores.saveMany(rows.map((row) => MemberPeriodScoreMother.create(row)));
  /** A member's rows of periods 0..6, reached in `reached`, with the repetition state folded as the writers store it. */
  const seedReached = (profileId: string, reached: readonly number[]) => {
    let repetition = EMPTY_REPETITION_STATE;
    return seed(
      ...[0, 1, 2, 3, 4, 5, 6].map((periodIndex) => {
        const outcome = { goalReached: reached.includes(periodIndex), goalReachedAt: reached.includes(periodIndex) ? at(2 + periodIndex, 20) : null };
        repetition = nextRepetitionState(repetition, outcome);
        return { profileId, periodIndex, ...outcome, repetition };
      }),
    );
  };
  /**
   * The ranking's first `limit` entries (all by default) and the `requester` profile's own entry
   * (its team's on the teams board), as a host pages it.
   */
  const run = async (challenge: Challenge, { limit, requester, ...input }: Partial<GetLeaderboardInput> & { limit?: number; requester?: string } = {}) => {
    const { period, table, teamOf } = await sut.rank({ challenge, view: 'profiles', ...input });
    const requesterKey = requester === undefined ? null : input.view === 'teams' ? (teamOf.get(requester) ?? null) : requester;
    return {
      period,
      count: table.size,
      results: table.slice(0, limit ?? table.size),
      requester: requesterKey === null ? null : table.find(requesterKey),
    };
  };

  const members = [
    ChallengeMemberMother.create({ profileId: 'ann', teamId: 'red' }),
    ChallengeMemberMother.create({ profileId: 'bob', teamId: 'red' }),
    ChallengeMemberMother.create({ profileId: 'cid', teamId: 'blue' }),
    ChallengeMemberMother.create({ profileId: 'dan', teamId: null }),
  ];

  describe('INDIVIDUAL', () => {
    it('ranks the current period\'s progress (NONE), ties by who reached it first, requester outside the page', async () => {
      await seed(
        { profileId: 'ann', periodIndex: 2, progress: 8_000, reachedAt: at(4, 10) },
        { profileId: 'bob', periodIndex: 2, progress: 12_000, reachedAt: at(4, 11) },
        { profileId: 'cid', periodIndex: 2, progress: 8_000, reachedAt: at(4, 9) },
        { profileId: 'bob', periodIndex: 1, progress: 99_000 }, // another period
        { profileId: 'gone', periodIndex: 2, progress: 50_000 }, // no longer a member
      );

      const result = await run(ChallengeMother.create(), { limit: 2, requester: 'dan' });

      expect(result.period.index).toBe(2);
      expect(result.count).toBe(4);
      expect(ranks(result)).toEqual([['bob', 1, 12_000], ['cid', 2, 8_000]]);
      expect(result.requester).toMatchObject({ key: 'dan', rank: 4, score: 0, kind: 'profile', teamId: null });
    });

    describe('repetition over periods 0..date_range', () => {
      beforeEach(async () => {
        // ann: reached 0, 1, 3 -> STREAK 2, STICK TO IT 3 (third reached in period 3)
        await seedReached('ann', [0, 1, 3]);
        // bob: reached 0, 1, 2 -> STREAK 3, STICK TO IT 3 (third reached in period 2)
        await seedReached('bob', [0, 1, 2]);
        // cid: reached only in period 4, after the selected period
        await seedReached('cid', [4]);
      });

      it('STREAK', async () => {
        const result = await run(ChallengeMother.create({ repetition: 'STREAK' }), { dateRange: 3 });
        expect(ranks(result)).toEqual([['bob', 1, 3], ['ann', 2, 2], ['cid', 3, 0], ['dan', 3, 0]]);
      });

      it('STICK TO IT: equal counts ordered by who reached them first', async () => {
        const result = await run(ChallengeMother.create({ repetition: 'STICK TO IT' }), { dateRange: 3 });
        expect(ranks(result)).toEqual([['bob', 1, 3], ['ann', 1, 3], ['cid', 3, 0], ['dan', 3, 0]]);
      });

      it('reads only the selected period\'s rows', async () => {
        const outcomes = jest.spyOn(scores, 'findOutcomesForChallenge');
        const standings = jest.spyOn(scores, 'findMemberStandings');
        await run(ChallengeMother.create({ repetition: 'STICK TO IT' }), { dateRange: 3 });
        expect(standings.mock.calls).toEqual([['challenge-1', 3, 'STICK TO IT']]);
        expect(outcomes).not.toHaveBeenCalled();
      });
    });

    describe('update: a kept ranking patched with the members that changed', () => {
      it('moves a changed member, drops one that left, adds one that joined; the others are not read', async () => {
        await seed(
          { profileId: 'ann', periodIndex: 2, progress: 8_000, reachedAt: at(4, 10) },
          { profileId: 'bob', periodIndex: 2, progress: 12_000, reachedAt: at(4, 11) },
          { profileId: 'cid', periodIndex: 2, progress: 7_000, reachedAt: at(4, 9) },
        );
        const challenge = ChallengeMother.create();
        const { table } = await sut.rank({ challenge, view: 'profiles', dateRange: 2 });
        // ann uploads more (14,000), bob leaves, eve joins with 9,000; cid's stored score changes too but cid is not named.
        await seed(
          { profileId: 'ann', periodIndex: 2, progress: 14_000, reachedAt: at(4, 15), goalReached: true },
          { profileId: 'cid', periodIndex: 2, progress: 99_000, reachedAt: at(4, 16) },
          { profileId: 'eve', periodIndex: 2, progress: 9_000, reachedAt: at(4, 12) },
        );
        await memberships.removeAll('challenge-1', ['bob'], false);
        await memberships.addAllIfAbsent([ChallengeMemberMother.create({ profileId: 'eve' })]);

        expect(await sut.update({ challenge, view: 'profiles', dateRange: 2, table, profileIds: ['ann', 'bob', 'eve'] })).toBe(true);

        expect(table.slice(0, 10).map((e) => [e.key, e.rank, e.score, e.goalReached])).toEqual([
          ['ann', 1, 14_000, true], ['eve', 2, 9_000, false], ['cid', 3, 7_000, false], ['dan', 4, 0, false],
        ]);
      });

      it('patches STREAK boards from the named members\' stored states of the period', async () => {
        const challenge = ChallengeMother.create({ repetition: 'STREAK' });
        await seedReached('ann', [0, 1]);
        const { table } = await sut.rank({ challenge, view: 'profiles', dateRange: 3 });
        // bob reaches periods 1, 2 and 3: a run of 3.
        await seedReached('bob', [1, 2, 3]);

        await sut.update({ challenge, view: 'profiles', dateRange: 3, table, profileIds: ['bob'] });

        expect(table.slice(0, 2).map((e) => [e.key, e.rank, e.score])).toEqual([['bob', 1, 3], ['ann', 2, 2]]);
      });

      it('answers false, changing nothing, where an entry depends on more than its member (team boards, TEAM, GROUP)', async () => {
        for (const [type, view] of [['TEAM', 'teams'], ['TEAM', 'profiles'], ['GROUP', 'profiles']] as const) {
          const challenge = ChallengeMother.create({ type });
          const { table } = await sut.rank({ challenge, view });
          const before = table.slice(0, table.size);
          await seed({ profileId: 'dan', periodIndex: 2, progress: 50_000 });
          expect(await sut.update({ challenge, view, dateRange: 2, table, profileIds: ['dan'] })).toBe(false);
          expect(table.slice(0, table.size)).toEqual(before);
        }
      });
    });

    it('dependsOnPeriods: a board depends on writes of its own period, a team board with repetition on every earlier one too', () => {
      const depends = (challenge: Challenge, view: 'profiles' | 'teams' | 'team_members', firstIndex: number, lastIndex: number) =>
        sut.dependsOnPeriods({ challenge, view, dateRange: 3, firstIndex, lastIndex });
      const daily = ChallengeMother.create();
      expect([depends(daily, 'profiles', 3, 3), depends(daily, 'profiles', 2, 4), depends(daily, 'profiles', 1, 6)]).toEqual([true, true, true]);
      // Later days, and earlier ones whose (carried) states stop before day 3.
      expect([depends(daily, 'profiles', 4, 6), depends(daily, 'profiles', 0, 2)]).toEqual([false, false]);
      const teamStreak = ChallengeMother.create({ type: 'TEAM', repetition: 'STREAK' });
      expect([depends(teamStreak, 'teams', 0, 0), depends(teamStreak, 'teams', 4, 6)]).toEqual([true, false]);
      // Members' contributions, and team boards without repetition: day 3's scores only.
      expect([depends(teamStreak, 'team_members', 0, 2), depends(teamStreak, 'profiles', 0, 2)]).toEqual([false, false]);
      expect(depends(ChallengeMother.create({ type: 'TEAM' }), 'teams', 0, 2)).toBe(false);
    });

    it('refuses a date_range outside the periods', async () => {
      await expect(run(ChallengeMother.create(), { dateRange: 7 })).rejects.toMatchObject({ code: ScoringErrorCode.PeriodOutOfRange });
    });

    it('refuses team views', async () => {
      const error = await run(ChallengeMother.create(), { view: 'teams' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ScoringError);
      expect((error as ScoringError).code).toBe(ScoringErrorCode.NotATeamChallenge);
    });
  });

  describe('TEAM (red: ann + bob, blue: cid; dan has no team)', () => {
    const total = { type: 'TEAM' as const, goal: 'TOTAL' as const, goalValue: 20_000 };
    beforeEach(() =>
      seed(
        { profileId: 'ann', teamId: 'red', progress: 8_000, reachedAt: at(3, 10) },
        { profileId: 'bob', teamId: 'red', progress: 6_000, reachedAt: at(3, 11) },
        { profileId: 'cid', teamId: 'blue', progress: 15_000, reachedAt: at(3, 9) },
      ),
    );

    it.each<[string, 'SUM' | 'AVERAGE', [string, number, number][]]>([
      ['SUM', 'SUM', [['blue', 1, 15_000], ['red', 2, 14_000]]], // red: 8000 + 6000
      ['AVERAGE', 'AVERAGE', [['blue', 1, 15_000], ['red', 2, 7_000]]], // red: 14000 / 2
    ])('ranks teams by %s of their members, with the requester\'s own team', async (_name, calculationMethod, expected) => {
      const result = await run(ChallengeMother.create({ ...total, calculationMethod }), { view: 'teams', requester: 'bob', limit: 1 });
      expect(ranks(result)).toEqual(expected.slice(0, 1));
      expect(result.requester).toMatchObject({ kind: 'team', key: 'red', rank: 2, score: expected[1][2], memberCount: 2 });
    });

    it('lists the contribution of one team\'s members', async () => {
      const result = await run(ChallengeMother.create(total), { view: 'team_members', teamId: 'red' });
      expect(ranks(result)).toEqual([['ann', 1, 8_000], ['bob', 2, 6_000]]);
    });

    it('lists every member\'s contribution on the profile board', async () => {
      const result = await run(ChallengeMother.create({ ...total, repetition: 'STREAK' }));
      expect(ranks(result)).toEqual([['cid', 1, 15_000], ['ann', 2, 8_000], ['bob', 3, 6_000], ['dan', 4, 0]]);
    });

    it('scores team STREAKs on team progress per period', async () => {
      // DAILY goal 10,000. Period 0: red 8000 + 6000 = 14000 (reached), blue 15000 (reached).
      // Period 1: red 5000 + 5000 = 10000 (reached), blue 9000 (not) -> red 2, blue 1.
      await seed(
        { profileId: 'ann', teamId: 'red', periodIndex: 1, progress: 5_000, reachedAt: at(3, 10) },
        { profileId: 'bob', teamId: 'red', periodIndex: 1, progress: 5_000, reachedAt: at(3, 12) },
        { profileId: 'cid', teamId: 'blue', periodIndex: 1, progress: 9_000, reachedAt: at(3, 8) },
      );
      const daily = ChallengeMother.create({ type: 'TEAM', goalValue: 10_000, repetition: 'STREAK' });
      // eve joined blue without any data: she adds 0 and no data time.
      await memberships.addAllIfAbsent([ChallengeMemberMother.create({ profileId: 'eve', teamId: 'blue' })]);
      const result = await run(daily, { view: 'teams', dateRange: 1 });
      expect(ranks(result)).toEqual([['red', 1, 2], ['blue', 2, 1]]);
      // red's 2-run completed with period 1, whose latest contribution was bob's at 03-03 12:00.
      expect(result.results[0].reachedAt).toEqual(at(3, 12));
    });

    it('folds team STICK TO IT over periods read a few at a time', async () => {
      // DAILY goal 10,000, SUM. red: 14000, 10000, 3000, 12000 -> reached 0, 1, 3; blue: 15000, 9000, 11000, 0 -> 0, 2.
      await seed(
        { profileId: 'ann', teamId: 'red', periodIndex: 1, progress: 5_000, reachedAt: at(3, 10) },
        { profileId: 'bob', teamId: 'red', periodIndex: 1, progress: 5_000, reachedAt: at(3, 12) },
        { profileId: 'cid', teamId: 'blue', periodIndex: 1, progress: 9_000, reachedAt: at(3, 8) },
        { profileId: 'ann', teamId: 'red', periodIndex: 2, progress: 3_000, reachedAt: at(4, 10) },
        { profileId: 'cid', teamId: 'blue', periodIndex: 2, progress: 11_000, reachedAt: at(4, 9) },
        { profileId: 'bob', teamId: 'red', periodIndex: 3, progress: 12_000, reachedAt: at(5, 7) },
      );
      // 4 members, at most 8 member-periods a read: periods 0-1, 2-3.
      sut = new GetLeaderboardUseCase(scores, clock, memberships, 8);
      const read = jest.spyOn(scores, 'findOutcomesForChallenge');
      const daily = ChallengeMother.create({ type: 'TEAM', goalValue: 10_000, repetition: 'STICK TO IT' });
      const result = await run(daily, { view: 'teams', dateRange: 3 });
      expect(read.mock.calls.map(([, from, to]) => [from, to])).toEqual([[0, 1], [2, 3]]);
      expect(ranks(result)).toEqual([['red', 1, 3], ['blue', 2, 2]]);
      // red's third reached period is 3: bob's 12,000 at 03-05 07:00 (ann has no score there). blue: its second, period 2.
      expect(result.results[0]).toMatchObject({ progress: 12_000, goalReached: true, reachedAt: at(5, 7) });
      expect(result.results[1]).toMatchObject({ progress: 0, goalReached: false, reachedAt: at(4, 9) });
    });
  });

  it('GROUP: profiles ranked by their contribution', async () => {
    await seed({ profileId: 'dan', progress: 300 }, { profileId: 'ann', progress: 200 });
    const result = await run(ChallengeMother.create({ type: 'GROUP', goal: 'TOTAL' }));
    expect(ranks(result)).toEqual([['dan', 1, 300], ['ann', 2, 200], ['bob', 3, 0], ['cid', 3, 0]]);
  });
});
