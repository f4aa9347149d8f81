import { MemberPeriodScore } from '@strive/domain';
import { MemberPeriodScoreMother } from '@strive/domain/testing';
import { DataSource } from 'typeorm';
import { challenge, ID, profile, seedProfiles } from './support/fixtures';
import { RepositoryWorld, sqlWorld } from './support/repository-world';
import { openTestDatabase, SQL_ENGINES, truncateAll } from './support/test-database';

/**
 * The score writer keeps PostgreSQL's statistics of member_period_score (host SQL, no port): a
 * first scoring on a database without them was planned as if the table were tiny, batch after
 * batch (docs/benchmarks.md "Tenth session").
 */
describe.each(SQL_ENGINES)('statistics of the scores table on %s', (engine) => {
  const MEMBERS = 300;
  const memberId = (i: number) => `50000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  let db: DataSource;
  let world: RepositoryWorld;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(() => db.destroy());
  beforeEach(async () => {
    await truncateAll(db);
    world = sqlWorld(db);
    await seedProfiles(world, Array.from({ length: MEMBERS }, (_, i) => profile(memberId(i), ID.appA)));
    await world.challenges.save(challenge(ID.challenge1));
  });

  /** Every member's scores of periods from..to-1 (100 periods: 30,000 rows, about 1,000 pages; the tests write 110-120). */
  const periods = (from: number, to: number): MemberPeriodScore[] =>
    Array.from({ length: MEMBERS }, (_, i) => Array.from({ length: to - from }, (__, k) =>
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: memberId(i), periodIndex: from + k, progress: k }))).flat();
  const table = async () =>
    (await db.query("SELECT relpages, reltuples FROM pg_class WHERE relname = 'member_period_score'"))
      .map((row: { relpages: number; reltuples: number }) => ({ pages: Number(row.relpages), rows: Number(row.reltuples) }))[0];

  it('analyzes the table after a bulk write that took it past twice the pages its statistics describe', async () => {
    expect((await table()).rows).toBeLessThanOrEqual(0); // emptied: no statistics of its rows
    await world.scores.saveMany(periods(0, 120));
    const analyzed = await table();
    expect(analyzed.rows).toBe(MEMBERS * 120);
    expect(analyzed.pages).toBeGreaterThan(1_000);
    const [{ n }] = await db.query("SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'member_period_score' AND attname = 'profile_id'");
    expect(n).toBe(1);
  });

  it('leaves them as they are while the table stays within twice the pages they describe', async () => {
    await world.scores.saveMany(periods(0, 100));
    const analyzed = await table();
    await world.scores.saveMany(periods(100, 110)); // 3,000 rows more
    expect(await table()).toEqual(analyzed);
  });

  it('analyzes the table refilled in place: its live rows past twice the rows its statistics describe', async () => {
    // Periods 0-109 then 110: the last pages hold live rows, so VACUUM cannot truncate the emptied ones.
    await world.scores.saveMany(periods(0, 110));
    await world.scores.saveMany(periods(110, 111));
    await db.query('DELETE FROM member_period_score WHERE period_index < 110'); // as a rule change drops scores
    await db.query('VACUUM member_period_score');
    const emptied = await table();
    expect(emptied.rows).toBe(MEMBERS); // the 300 rows of period 110, in the same 1,100-odd pages
    expect(emptied.pages).toBeGreaterThan(1_000);
    // Three bulk writes into the freed pages; the table does not grow. PostgreSQL's running count of
    // live rows takes in a backend's commits at its next commit a second or more later: paused for it.
    const refill = periods(0, 99);
    for (let at = 0; at < refill.length; at += 9_900) {
      if (at > 0) await new Promise((resolve) => setTimeout(resolve, 1_200));
      await world.scores.saveMany(refill.slice(at, at + 9_900));
    }
    const after = await table();
    expect(after.pages).toBe(emptied.pages);
    // Analyzed (within the write's transaction) once the live rows counted plus the write's pass
    // 2 x 300 + 10,000: by the second write if the first one's rows are counted by then (300 + 9,900
    // + 9,900 = 20,100 rows), else by the third (300 + 19,800 + 9,900 = 30,000); or by the first
    // (300 + 9,900 = 10,200), when the first 30,300 rows' commits reached the running count only
    // after VACUUM had set it (a busy machine's CI run saw it). Without the rule the statistics
    // would still describe 300 rows.
    expect([10_200, 20_100, 30_000]).toContain(after.rows);
  });

  it('does not look after writes of fewer than 1,000 rows (an upload), however large the table grows', async () => {
    const rows = periods(0, 100);
    for (let at = 0; at < rows.length; at += 999) await world.scores.saveMany(rows.slice(at, at + 999));
    expect((await table()).rows).toBeLessThanOrEqual(0);
    await world.scores.saveMany(periods(100, 104)); // 1,200 rows: a bulk write
    expect((await table()).rows).toBe(MEMBERS * 104);
  });
});
