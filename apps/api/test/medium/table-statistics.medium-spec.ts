import { DataSource } from 'typeorm';
import { TableStatisticsTick } from '../../src/jobs/table-statistics.tick';
import { ID, profile, seedProfiles } from './support/fixtures';
import { sqlWorld } from './support/repository-world';
import { openTestDatabase, SQL_ENGINES, truncateAll } from './support/test-database';

/**
 * The table-statistics tick (host SQL) analyzes what autovacuum would, where none runs: PGlite,
 * and this machine's PostgreSQL (autovacuum = off). Without statistics a profile's daily
 * summaries were read through the app-wide daily index.
 */
describe.each(SQL_ENGINES)('table statistics on %s', (engine) => {
  const PROFILES = 40;
  const DAYS = 50;
  const profileId = (i: number) => `60000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  let db: DataSource;
  let autovacuum: boolean;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
    [{ autovacuum }] = await db.query("SELECT EXISTS (SELECT FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher') AS autovacuum");
  });
  afterAll(() => db.destroy());
  beforeEach(async () => {
    await truncateAll(db);
    await seedProfiles(sqlWorld(db), Array.from({ length: PROFILES }, (_, i) => profile(profileId(i), ID.appA)));
  });

  /** 40 profiles x 50 days of daily summaries (2,000 rows), counted in the table's statistics of changes. */
  const writeSummaries = async () => {
    const runner = db.createQueryRunner();
    try {
      await runner.query(
        `INSERT INTO health_record (app_id, profile_id, type, subtype, source, external_id, time, data)
         SELECT $1, p.id, 'daily_summary', '', 'GARMIN', 'd' || d, timestamptz '2026-01-01 00:00Z' + d * interval '1 day', '{"steps": 1000}'
         FROM profile p CROSS JOIN generate_series(0, $2 - 1) AS d WHERE p.app_id = $1`,
        [ID.appA, DAYS],
      );
      // A backend reports its counts to the statistics at most once a second: now, at its next statement's end.
      await runner.query('SELECT pg_stat_force_next_flush()');
      await runner.query('SELECT 1');
    } finally {
      await runner.release();
    }
  };
  const analyzedRows = async () =>
    Number((await db.query("SELECT reltuples FROM pg_class WHERE relname = 'health_record'"))[0].reltuples);
  /** The index a profile's daily summaries of ten days are read through (the activity repository's conditions). */
  const indexOfProfileRead = async () => {
    const plan: { 'QUERY PLAN': string }[] = await db.query(
      `EXPLAIN SELECT data FROM health_record
       WHERE app_id = $1 AND profile_id = $2 AND type = 'daily_summary' AND subtype = ''
         AND time >= '2026-01-10 00:00Z' AND time <= '2026-01-20 00:00Z'`,
      [ID.appA, profileId(7)],
    );
    return plan.map((row) => row['QUERY PLAN']).join('\n').match(/IDX_health_record_\w+/)?.[0];
  };

  it('analyzes a table written past autovacuum\'s threshold when no autovacuum runs, and the profile\'s read takes its own index', async () => {
    await writeSummaries();
    const ran = await db.transaction((manager) => new TableStatisticsTick().run(manager));
    if (autovacuum) {
      expect(ran).toEqual([]); // left to autovacuum
      return;
    }
    expect(ran).toContain('health_record');
    expect(await analyzedRows()).toBe(PROFILES * DAYS);
    expect(await indexOfProfileRead()).toBe('IDX_health_record_page');
  });

  it('leaves a table whose statistics are fresh', async () => {
    await writeSummaries();
    await db.query('ANALYZE health_record');
    const ran = await db.transaction((manager) => new TableStatisticsTick().run(manager));
    expect(ran).not.toContain('health_record');
  });

  // PGlite has one connection: no second session can hold a lock there.
  (engine === 'PostgreSQL' ? it : it.skip)('skips a table another session holds locked instead of waiting for it, and analyzes it at the next tick', async () => {
    await writeSummaries();
    if (autovacuum) return;
    const holder = db.createQueryRunner();
    await holder.startTransaction();
    try {
      // The lock ANALYZE itself takes: a concurrent ANALYZE, CREATE INDEX or TRUNCATE conflicts with it.
      await holder.query('LOCK TABLE health_record IN SHARE UPDATE EXCLUSIVE MODE');
      // Waiting would fail after a second here rather than hang the test.
      await db.transaction(async (manager) => {
        await manager.query("SET LOCAL lock_timeout = '1s'");
        await new TableStatisticsTick().run(manager);
      });
      expect(await analyzedRows()).toBeLessThanOrEqual(0); // never analyzed (-1 since PostgreSQL 14)
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    const ran = await db.transaction((manager) => new TableStatisticsTick().run(manager));
    expect(ran).toContain('health_record');
    expect(await analyzedRows()).toBe(PROFILES * DAYS);
  });
});
