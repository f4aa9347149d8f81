import fc from 'fast-check';
import type { LeaderboardEntry } from '../use-cases/get-leaderboard.use-case';
import { rankEntries } from './ranking';
import { RankingTable } from './ranking-table';

const member = (key: string, score: number, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  kind: 'profile', key, profileId: key, teamId: null, memberCount: 1, progress: score, goalReached: false, score, reachedAt: null, ...extra,
});

describe(RankingTable.name, () => {
  it('gives back every field of every entry, a page, an entry by key and the progresses', () => {
    const ranked = rankEntries([
      member('p-1', 8000.5, { goalReached: false, reachedAt: new Date('2026-11-02T07:30:00Z') }),
      member('p-2', 12000, { goalReached: true, reachedAt: new Date('2026-11-02T19:00:00Z'), teamId: 't-1' }),
      member('p-3', 0, { progress: 0.25 }),
    ]);
    const table = RankingTable.rank(ranked.map(({ rank: _rank, ...entry }) => entry));
    expect(table.size).toBe(3);
    expect(table.slice(0, 10)).toEqual(ranked);
    expect(table.slice(1, 1)).toEqual([
      { kind: 'profile', key: 'p-1', profileId: 'p-1', teamId: null, memberCount: 1, progress: 8000.5, goalReached: false, score: 8000.5, reachedAt: new Date('2026-11-02T07:30:00Z'), rank: 2 },
    ]);
    expect(table.slice(3, 10)).toEqual([]);
    expect(table.find('p-3')).toEqual({ ...member('p-3', 0, { progress: 0.25 }), rank: 3 });
    expect(table.find('nobody')).toBeNull();
    expect(table.progressValues()).toEqual([12000, 8000.5, 0.25]);
  });

  it('keeps team entries (no profile, several members)', () => {
    const team: LeaderboardEntry = { kind: 'team', key: 't-9', profileId: null, teamId: 't-9', memberCount: 12, progress: 3.5, goalReached: true, score: 2, reachedAt: null };
    expect(RankingTable.rank([team]).find('t-9')).toEqual({ ...team, rank: 1 });
  });

  it('ranks as rankEntries does, whatever the input order (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            key: fc.uuid(),
            score: fc.double({ noNaN: true, noDefaultInfinity: true }),
            progress: fc.double({ noNaN: true, noDefaultInfinity: true }),
            goalReached: fc.boolean(),
            teamId: fc.option(fc.uuid()),
            reachedAt: fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })),
          }),
          { selector: (e) => e.key },
        ),
        (rows) => {
          const ranked = rankEntries(rows.map((row) => member(row.key, row.score, row)));
          const table = RankingTable.rank(ranked.map(({ rank: _rank, ...entry }) => entry));
          expect(table.slice(0, ranked.length)).toEqual(ranked);
          for (const entry of ranked) expect(table.find(entry.key)).toEqual(entry);
        },
      ),
    );
  });
});
