import fc from 'fast-check';
import { LeaderboardEntry } from './leaderboard-entry';
import { Ranked } from './ranking';
import { RankingTable } from './ranking-table';

const member = (key: string, score: number, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  kind: 'profile', key, profileId: key, teamId: null, memberCount: 1, progress: score, goalReached: false, score, reachedAt: null, ...extra,
});
const minute = (m: number | null): Date | null => (m === null ? null : new Date(Date.UTC(2026, 2, 2, 0, m)));

/**
 * The ranking rule written out plainly, as the oracle of the property below: higher score first,
 * then earlier reach time (none: last), then key; rank = 1 + the number of strictly higher scores.
 */
function oracle(entries: readonly LeaderboardEntry[]): Ranked<LeaderboardEntry>[] {
  const time = (entry: LeaderboardEntry) => (entry.reachedAt === null ? Infinity : entry.reachedAt.getTime());
  return [...entries]
    .sort((a, b) => {
      if (a.score !== b.score) return a.score > b.score ? -1 : 1;
      if (time(a) !== time(b)) return time(a) < time(b) ? -1 : 1;
      return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    })
    .map((entry) => ({ ...entry, rank: 1 + entries.filter((other) => other.score > entry.score).length }));
}

describe(RankingTable.name, () => {
  it('ranks 1224 and orders equal scores by who reached them first, then by key', () => {
    const table = RankingTable.rank([
      member('dan', 50, { reachedAt: minute(1) }),
      member('ann', 90, { reachedAt: minute(30) }),
      member('eve', 50), // never reached a time: after any instant
      member('bob', 70, { reachedAt: minute(10) }),
      member('cid', 70, { reachedAt: minute(5) }), // same score as bob, reached earlier
      member('fay', 50, { reachedAt: minute(1) }), // same score and time as dan: by key
    ]);
    expect(table.slice(0, 10).map((r) => [r.key, r.rank])).toEqual([
      ['ann', 1], ['cid', 2], ['bob', 2], ['dan', 4], ['fay', 4], ['eve', 4],
    ]);
  });

  it('gives back every field of every entry, a page, an entry by key and the progresses', () => {
    const p1 = member('p-1', 8000.5, { goalReached: false, reachedAt: new Date('2026-11-02T07:30:00Z') });
    const p2 = member('p-2', 12000, { goalReached: true, reachedAt: new Date('2026-11-02T19:00:00Z'), teamId: 't-1' });
    const p3 = member('p-3', 0, { progress: 0.25 });
    const table = RankingTable.rank([p1, p2, p3]);
    expect(table.size).toBe(3);
    expect(table.slice(0, 10)).toEqual([{ ...p2, rank: 1 }, { ...p1, rank: 2 }, { ...p3, rank: 3 }]);
    expect(table.slice(1, 1)).toEqual([
      { kind: 'profile', key: 'p-1', profileId: 'p-1', teamId: null, memberCount: 1, progress: 8000.5, goalReached: false, score: 8000.5, reachedAt: new Date('2026-11-02T07:30:00Z'), rank: 2 },
    ]);
    expect(table.slice(3, 10)).toEqual([]);
    expect(table.find('p-3')).toEqual({ ...member('p-3', 0, { progress: 0.25 }), rank: 3 });
    expect(table.find('nobody')).toBeNull();
    expect([table.indexOf('p-2'), table.indexOf('p-3'), table.indexOf('nobody')]).toEqual([0, 2, -1]);
    expect(table.progressValues()).toEqual([12000, 8000.5, 0.25]);
  });

  it('keeps team entries (no profile, several members)', () => {
    const team: LeaderboardEntry = { kind: 'team', key: 't-9', profileId: null, teamId: 't-9', memberCount: 12, progress: 3.5, goalReached: true, score: 2, reachedAt: null };
    expect(RankingTable.rank([team]).find('t-9')).toEqual({ ...team, rank: 1 });
  });

  it('ranks as the plainly written rule does, whatever the input order (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            key: fc.uuid(),
            // Few distinct scores and times, so that ties (shared ranks, reach-time and key order) are common.
            score: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true })),
            progress: fc.double({ noNaN: true, noDefaultInfinity: true }),
            goalReached: fc.boolean(),
            teamId: fc.option(fc.uuid()),
            reachedAt: fc.option(fc.oneof(
              fc.integer({ min: 0, max: 2 }).map((m) => minute(m) as Date),
              fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
            )),
          }),
          { selector: (e) => e.key },
        ),
        (rows) => {
          const entries = rows.map((row) => member(row.key, row.score, row));
          const expected = oracle(entries);
          for (const input of [entries, [...entries].reverse()]) {
            const table = RankingTable.rank(input);
            expect(table.slice(0, entries.length)).toEqual(expected);
            for (const entry of expected) expect(table.find(entry.key)).toEqual(entry);
          }
        },
      ),
    );
  });

  it('patches entries in place: a changed score moves its entry, a removed key leaves, a new key joins', () => {
    const table = RankingTable.rank([member('ann', 90), member('bob', 70), member('cid', 70), member('dan', 50)]);
    // bob overtakes ann; cid leaves; eve arrives level with dan (dan's key first); fay arrives at the top.
    table.apply([member('bob', 95), member('eve', 50), member('fay', 100)], ['cid']);
    expect(table.slice(0, 10).map((r) => [r.key, r.score, r.rank])).toEqual([
      ['fay', 100, 1], ['bob', 95, 2], ['ann', 90, 3], ['dan', 50, 4], ['eve', 50, 4],
    ]);
    expect(table.size).toBe(5);
    expect(table.find('cid')).toBeNull();
    expect(table.find('eve')).toEqual({ ...member('eve', 50), rank: 4 });
    // Removing an unknown key changes nothing; a changed entry keeps every field it is given.
    table.apply([member('dan', 50, { goalReached: true, teamId: 't-1', reachedAt: minute(3) })], ['nobody']);
    expect(table.slice(3, 2).map((r) => [r.key, r.rank, r.teamId, r.goalReached])).toEqual([['dan', 4, 't-1', true], ['eve', 4, null, false]]);
  });

  it('grows past its first capacity and reuses the slots of removed keys', () => {
    const table = RankingTable.rank([]);
    for (let i = 0; i < 40; i++) table.apply([member(`k${String(i).padStart(2, '0')}`, i % 7)]);
    table.apply([], ['k00', 'k01', 'k02']);
    table.apply([member('new', 6)]);
    expect(table.size).toBe(38);
    expect(table.progressValues()).toEqual([...Array(40).keys()].slice(3).map((i) => i % 7).concat(6).sort((a, b) => b - a));
    expect(table.find('new')?.rank).toBe(1);
    // Every entry is found at its place, those in slots beyond the first capacity too.
    for (const [index, ranked] of table.slice(0, 100).entries()) {
      expect(table.find(ranked.key)).toEqual(ranked);
      expect(table.indexOf(ranked.key)).toBe(index);
    }
  });

  it('after any sequence of changes, ranks as a table built afresh from the same entries (property)', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const entry = fc.record({
      key: fc.constantFrom(...keys),
      score: fc.integer({ min: 0, max: 4 }),
      reachedAt: fc.option(fc.integer({ min: 0, max: 3 }).map((m) => minute(m) as Date)),
    });
    const step = fc.record({ changed: fc.uniqueArray(entry, { selector: (e) => e.key, maxLength: 5 }), removed: fc.subarray(keys) });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => e.key }), fc.array(step, { maxLength: 6 }), (initial, steps) => {
        const table = RankingTable.rank(initial.map((row) => member(row.key, row.score, row)));
        const current = new Map(initial.map((row) => [row.key, member(row.key, row.score, row)]));
        for (const { changed, removed } of steps) {
          // A key both changed and removed ends up changed (removed, then put in again).
          table.apply(changed.map((row) => member(row.key, row.score, row)), removed);
          for (const key of removed) current.delete(key);
          for (const row of changed) current.set(row.key, member(row.key, row.score, row));
          const expected = oracle([...current.values()]);
          expect(table.slice(0, keys.length)).toEqual(expected);
          for (const ranked of expected) expect(table.find(ranked.key)).toEqual(ranked);
        }
      }),
    );
  });
});

