import fc from 'fast-check';
import { ScoringError, ScoringErrorCode } from '../challenge/scoring-error';
import { LEADERBOARD_DEFAULT_LIMIT, LEADERBOARD_MAX_LIMIT, pageRanking, Rankable, rankEntries } from './ranking';

const at = (minute: number | null): Date | null => (minute === null ? null : new Date(Date.UTC(2026, 2, 2, 0, minute)));
const entry = (key: string, score: number, minute: number | null = null): Rankable => ({ key, score, reachedAt: at(minute) });

describe(rankEntries.name, () => {
  it('ranks 1224 and orders ties by who reached the score first', () => {
    const ranked = rankEntries([
      entry('dan', 50, 1),
      entry('ann', 90, 30),
      entry('eve', 50, null), // never reached a time: after any instant
      entry('bob', 70, 10),
      entry('cid', 70, 5), // same score as bob, reached earlier
      entry('fay', 50, 1), // same score and time as dan: by key
    ]);
    expect(ranked.map((r) => [r.key, r.rank])).toEqual([
      ['ann', 1],
      ['cid', 2],
      ['bob', 2],
      ['dan', 4],
      ['fay', 4],
      ['eve', 4],
    ]);
  });

  it('does not depend on input order (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ key: fc.string(), score: fc.integer({ min: 0, max: 5 }), minute: fc.option(fc.integer({ min: 0, max: 3 })) }), { selector: (e) => e.key }),
        (rows) => {
          const entries = rows.map((r) => entry(r.key, r.score, r.minute));
          expect(rankEntries([...entries].reverse())).toEqual(rankEntries(entries));
          // Each rank is 1 + the number of strictly higher scores.
          rankEntries(entries).forEach((r) => expect(r.rank).toBe(1 + entries.filter((e) => e.score > r.score).length));
        },
      ),
    );
  });
});

describe(pageRanking.name, () => {
  const ranked = rankEntries(Array.from({ length: 30 }, (_, i) => entry(`p${String(i).padStart(2, '0')}`, 100 - i)));

  it('pages with default limit 20 and returns the requester outside the page', () => {
    const page = pageRanking(ranked, { requesterKey: 'p25' });
    expect(page.count).toBe(30);
    expect(page.results).toHaveLength(20);
    expect([page.limit, LEADERBOARD_DEFAULT_LIMIT, LEADERBOARD_MAX_LIMIT]).toEqual([20, 20, 100]); // contract.md Pagination
    expect(page.requester).toMatchObject({ key: 'p25', rank: 26, score: 75 });
  });

  it('slices by offset and limit; no requester when unknown or absent', () => {
    const page = pageRanking(ranked, { limit: 5, offset: 27, requesterKey: 'nobody' });
    expect(page.results.map((r) => r.rank)).toEqual([28, 29, 30]);
    expect(page.requester).toBeNull();
    expect(pageRanking(ranked).requester).toBeNull();
  });

  it.each([
    [{ limit: 0 }], [{ limit: 101 }], [{ limit: 2.5 }], [{ offset: -1 }], [{ offset: 0.5 }],
  ])('refuses %j with leaderboard.invalid_page', (request) => {
    expect(() => pageRanking(ranked, request)).toThrow(ScoringError);
    try {
      pageRanking(ranked, request);
    } catch (error) {
      expect((error as ScoringError).code).toBe(ScoringErrorCode.InvalidPage);
    }
  });
});
