import { EntityManager } from 'typeorm';
import { Tick } from './job-handler';

/**
 * Analyzes the tables whose planner statistics fell behind their writes, by autovacuum's own rule
 * (more rows changed since the last ANALYZE than `autovacuum_analyze_threshold` plus
 * `autovacuum_analyze_scale_factor` of the rows it counted), where no autovacuum does it: the
 * embedded PGlite, or a PostgreSQL running without it (`autovacuum = off`). With autovacuum's
 * launcher running the tick leaves the tables to it.
 *
 * Without statistics the planner takes every index as equally selective, and prefers the smaller:
 * a profile's daily summaries of a date range (the scoring worker's read after each upload, a
 * member's live scoring) were read through the app-wide daily index (app_id, time, profile_id),
 * every profile's summaries of those dates, instead of the profile's own entries of the page index:
 * a read that grew with the app (13 ms against 1.6 ms at 400 profiles; docs/benchmarks.md
 * "Thirty-eighth session"). ANALYZE samples at most 300 x `default_statistics_target` rows, so a
 * table costs it the same at any size.
 *
 * The tick's transaction holds each analyzed table's lock until it ends, so it never waits for one
 * (SKIP_LOCKED): waiting while holding another could close a cycle with a session locking the same
 * tables in the other order (a TRUNCATE of two, seen in the ingest bench: "deadlock detected"). A
 * table skipped for a lock is still stale at the next tick.
 */
export class TableStatisticsTick implements Tick {
  readonly name = 'table-statistics';

  /** Answers the stale tables it analyzed, or skipped because another session held a conflicting lock. */
  async run(manager: EntityManager): Promise<string[]> {
    const stale: { table: string }[] = await manager.query(
      `SELECT s.relname AS table FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE s.schemaname = current_schema()
         AND NOT EXISTS (SELECT FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher')
         AND s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
           + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
       ORDER BY s.relname`,
    );
    for (const { table } of stale) await manager.query(`ANALYZE (SKIP_LOCKED) "${table.replace(/"/g, '""')}"`);
    return stale.map(({ table }) => table);
  }
}
