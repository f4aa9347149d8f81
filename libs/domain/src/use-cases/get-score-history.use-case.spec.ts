import { ChallengeMemberMother, ChallengeMother, MemberPeriodScoreMother } from '../../testing/challenge-mother';
import { FixedClock } from '../../testing/fixed-clock';
import { InMemoryScoreRepository } from '../../testing/in-memory-score-repository';
import { GetScoreHistoryUseCase } from './get-score-history.use-case';

describe(GetScoreHistoryUseCase.name, () => {
  const clock = new FixedClock('2026-03-06T12:00:00Z'); // period 4 of the default DAILY challenge
  let scores: InMemoryScoreRepository;
  let sut: GetScoreHistoryUseCase;

  beforeEach(async () => {
    scores = new InMemoryScoreRepository();
    sut = new GetScoreHistoryUseCase(scores, clock);
    // Reached in periods 1, 2 and 4; period 3 has 4000 steps.
    await scores.saveMany([
      MemberPeriodScoreMother.create({ profileId: 'profile-1', periodIndex: 1, progress: 10_000, goalReached: true }),
      MemberPeriodScoreMother.create({ profileId: 'profile-1', periodIndex: 2, progress: 12_000, goalReached: true }),
      MemberPeriodScoreMother.create({ profileId: 'profile-1', periodIndex: 3, progress: 4_000 }),
      MemberPeriodScoreMother.create({ profileId: 'profile-1', periodIndex: 4, progress: 11_000, goalReached: true }),
      MemberPeriodScoreMother.create({ profileId: 'other', periodIndex: 2, progress: 99_000, goalReached: true }),
    ]);
  });

  it('lists the periods from the one joined in up to the current one, with the STREAK at each', async () => {
    // Joined on 03-03 (period 1). STREAK up to 1: 1; up to 2: 2; up to 3: 2; up to 4: 2.
    const member = ChallengeMemberMother.create({ joinedAt: new Date('2026-03-03T08:00:00Z') });
    const history = await sut.execute({ challenge: ChallengeMother.create({ repetition: 'STREAK' }), member });
    expect(history.map((h) => [h.periodIndex, h.progress, h.goalReached, h.score])).toEqual([
      [1, 10_000, true, 1],
      [2, 12_000, true, 2],
      [3, 4_000, false, 2],
      [4, 11_000, true, 2],
    ]);
    expect(history[0].periodStart).toEqual(new Date('2026-03-03T00:00:00Z'));
  });

  it('scores contributions in TEAM challenges and zero for periods without a row', async () => {
    const member = ChallengeMemberMother.create({ joinedAt: new Date('2026-02-01T00:00:00Z'), teamId: 'red' });
    const history = await sut.execute({ challenge: ChallengeMother.create({ type: 'TEAM', repetition: 'STICK TO IT' }), member });
    expect(history.map((h) => [h.periodIndex, h.score])).toEqual([[0, 0], [1, 10_000], [2, 12_000], [3, 4_000], [4, 11_000]]);
  });

  it('shows only the current period to a member who joined during it', async () => {
    const member = ChallengeMemberMother.create({ joinedAt: new Date('2026-03-06T10:00:00Z') });
    const history = await sut.execute({ challenge: ChallengeMother.create(), member });
    expect(history.map((h) => h.periodIndex)).toEqual([4]);
  });
});
