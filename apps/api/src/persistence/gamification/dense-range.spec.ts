import { Db } from '../shared/db';
import { CountedRanges, denseRange } from './dense-range';

/**
 * A database whose counts answer `profiles` (the app's profiles in a range) and `members` (the
 * challenge's members in it), recording what it was asked.
 */
function countingDb(profiles: number, members: number) {
  const asked: { counted: 'profiles' | 'members'; params: unknown[] }[] = [];
  const db = {
    query: async (sql: string, params: unknown[]) => {
      const counted = /FROM profile WHERE/.test(sql) ? 'profiles' : /FROM challenge_member WHERE/.test(sql) ? 'members' : undefined;
      if (!counted) throw new Error(`unexpected query ${sql}`);
      asked.push({ counted, params });
      return [{ n: counted === 'profiles' ? profiles : members }];
    },
  } as unknown as Db;
  return { db, asked };
}

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => id(from + i));

describe('denseRange', () => {
  it('answers the range of 32 ids or more, dense in the app, when the app has at most twice as many profiles in it, asking for one more', async () => {
    const dense = countingDb(64, 0);
    expect(await denseRange(dense.db, 'c', [id(40), id(9), ...ids(10, 30)])).toEqual({ first: id(9), last: id(40), ofApp: true });
    // The members among the profiles are no more: not counted.
    expect(dense.asked).toEqual([{ counted: 'profiles', params: ['c', id(9), id(40), 65] }]);
    // Fewer than 32: member by member, nothing counted.
    const few = countingDb(0, 0);
    expect(await denseRange(few.db, 'c', ids(10, 31))).toBeNull();
    expect(few.asked).toEqual([]);
  });

  it('answers a range dense in the challenge only when other profiles of the app crowd it, and none when its members do', async () => {
    const crowded = countingDb(65, 64);
    expect(await denseRange(crowded.db, 'c', ids(10, 32))).toEqual({ first: id(10), last: id(41), ofApp: false });
    expect(crowded.asked.map((a) => a.counted)).toEqual(['profiles', 'members']);
    expect(crowded.asked[1].params).toEqual(['c', id(10), id(41), 65]);
    expect(await denseRange(countingDb(65, 65).db, 'c', ids(10, 32))).toBeNull();
  });

  it('takes the range over lower-case ids, the order PostgreSQL gives uuids', async () => {
    const upper = ['00000000-0000-4000-8000-0000000000AA', ...ids(0x0b, 31)];
    expect(await denseRange(countingDb(32, 32).db, 'c', upper)).toEqual({ first: id(0x0b), last: '00000000-0000-4000-8000-0000000000aa', ofApp: true });
  });

  it('counts no range again within one its transaction counted, when that count is at most twice the later ids', async () => {
    const counted = new CountedRanges();
    const { db, asked } = countingDb(50, 50);
    await denseRange(db, 'c', ids(100, 40), counted); // 100..139: 50 profiles, all members
    // A write of 30 of them (101..130): the 50 counted are at most 60.
    expect(await denseRange(db, 'c', ids(101, 30).concat(ids(131, 2)), counted)).toEqual({ first: id(101), last: id(132), ofApp: true });
    expect(asked).toHaveLength(1);
    // Reaching outside the counted range, or another challenge: counted again.
    await denseRange(db, 'c', ids(99, 33), counted);
    await denseRange(db, 'd', ids(100, 33), counted);
    expect(asked).toHaveLength(3);
    // 80 members counted for 40 ids, then 32 of them: 80 may be more than 2 x 32, so counted again.
    const crowded = countingDb(80, 80);
    const other = new CountedRanges();
    await denseRange(crowded.db, 'c', ids(100, 40), other);
    await denseRange(crowded.db, 'c', ids(100, 32), other);
    expect(crowded.asked.map((a) => a.counted)).toEqual(['profiles', 'profiles', 'members']);
    // A range dense in the challenge only stays so within it, without a count.
    const among = countingDb(200, 60);
    const third = new CountedRanges();
    await denseRange(among.db, 'c', ids(100, 40), third);
    expect(await denseRange(among.db, 'c', ids(101, 32), third)).toEqual({ first: id(101), last: id(132), ofApp: false });
    expect(among.asked).toHaveLength(2);
  });
});
