import { GetLeaderboardUseCase, RankingTable } from '@strive/domain';
import { ChallengeMother, FixedClock } from '@strive/domain/testing';
import { DataSource } from 'typeorm';
import { ChallengeSnapshots } from './challenge-snapshots';
import { GamificationReads } from './gamification-reads';
import { LeaderboardCache } from './leaderboard-cache';

/** The requesters' last answers kept beside the boards: 10,000 at most over all boards. */
describe('LeaderboardCache requesters kept', () => {
  const snapshot = { leaderboardVersion: '0', leaderboardResetVersion: '0' };
  const cache = new LeaderboardCache(
    { rank: async () => ({ table: RankingTable.rank([]), teamOf: new Map() }) } as unknown as GetLeaderboardUseCase,
    null as unknown as DataSource,
    null as unknown as ChallengeSnapshots,
    new FixedClock('2026-03-04T10:00:00Z'),
    null as unknown as GamificationReads,
  );
  const boardOf = (id: string) => cache.board(ChallengeMother.create({ id }), 'profiles', undefined, undefined, snapshot);

  it('keeps 10,000 over all boards, a requester answered again in place of its last, and room made by a change', async () => {
    const [a, b] = [await boardOf('challenge-a'), await boardOf('challenge-b')];
    for (let i = 0; i < 9_999; i++) cache.keepRequester(a, `p-${i}`, i);
    cache.keepRequester(b, 'q-0', 'q');
    expect(cache.keptRequester(b, 'q-0')).toBe('q');
    // The bound is reached: a new requester is not kept, on either board; one kept already is replaced.
    cache.keepRequester(b, 'q-1', 'q');
    cache.keepRequester(a, 'p-new', 'p');
    expect(cache.keptRequester(b, 'q-1')).toBeUndefined();
    expect(cache.keptRequester(a, 'p-new')).toBeUndefined();
    cache.keepRequester(a, 'p-7', 'again');
    expect(cache.keptRequester(a, 'p-7')).toBe('again');
    // A change of board a empties its requesters (as a patch does): the others fit again.
    a.requesters.clear();
    cache.keepRequester(b, 'q-1', 'q');
    expect(cache.keptRequester(b, 'q-1')).toBe('q');
    expect(b.requesters.size).toBe(2);
  });
});
