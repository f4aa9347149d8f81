import { Db } from '../shared/db';
import { CountedRanges, denseRange } from './dense-range';

/** A database whose every count of members answers `members`, recording the ranges it was asked. */
function countingDb(members: number) {
  const asked: unknown[][] = [];
  const db = { query: async (_sql: string, params: unknown[]) => (asked.push(params), [{ n: members }]) } as unknown as Db;
  return { db, asked };
}

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => id(from + i));

describe('denseRange', () => {
  it('answers the range of 32 ids or more when the challenge has at most twice as many members in it, asking for one more', async () => {
    const dense = countingDb(64);
    expect(await denseRange(dense.db, 'c', [id(40), id(9), ...ids(10, 30)])).toEqual({ first: id(9), last: id(40) });
    expect(dense.asked).toEqual([['c', id(9), id(40), 65]]);
    expect(await denseRange(countingDb(65).db, 'c', ids(10, 32))).toBeNull();
    // Fewer than 32: member by member, nothing counted.
    const few = countingDb(0);
    expect(await denseRange(few.db, 'c', ids(10, 31))).toBeNull();
    expect(few.asked).toEqual([]);
  });

  it('takes the range over lower-case ids, the order PostgreSQL gives uuids', async () => {
    const upper = ['00000000-0000-4000-8000-0000000000AA', ...ids(0x0b, 31)];
    expect(await denseRange(countingDb(32).db, 'c', upper)).toEqual({ first: id(0x0b), last: '00000000-0000-4000-8000-0000000000aa' });
  });

  it('counts no range again within one its transaction counted, when that count is at most twice the later ids', async () => {
    const counted = new CountedRanges();
    const { db, asked } = countingDb(50);
    await denseRange(db, 'c', ids(100, 40), counted); // 100..139: 50 members
    // A write of 30 of them (101..130): the 50 counted are at most 60.
    expect(await denseRange(db, 'c', ids(101, 30).concat(ids(131, 2)), counted)).toEqual({ first: id(101), last: id(132) });
    expect(asked).toHaveLength(1);
    // Reaching outside the counted range, or another challenge: counted again.
    await denseRange(db, 'c', ids(99, 33), counted);
    await denseRange(db, 'd', ids(100, 33), counted);
    expect(asked).toHaveLength(3);
    // 80 members counted for 40 ids, then 32 of them: 80 may be more than 2 x 32, so counted again.
    const crowded = countingDb(80);
    const other = new CountedRanges();
    await denseRange(crowded.db, 'c', ids(100, 40), other);
    await denseRange(crowded.db, 'c', ids(100, 32), other);
    expect(crowded.asked).toHaveLength(2);
  });
});
