import { DataSource } from 'typeorm';

/** One key for every Strive process on a database (hashtextextended of the text below). */
const STARTUP_LOCK = 'strive:startup';

/**
 * Runs `work` while no other starting Strive process on the same database runs its own: what a
 * start does once for the database (the migrations, creating the BOOTSTRAP_* app). Without it two
 * processes starting together on an empty database both create the tables or the app, and one
 * fails its start. On PostgreSQL: a session-level advisory lock held on a connection of its own
 * while `work` uses the others (a crashed process's lock goes with its connection). Embedded
 * PGlite is opened by one process only (embedded-database-lock.ts) on a single connection, so
 * there is nothing to wait for and `work` runs as it is.
 */
export async function underStartupLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (!('url' in dataSource.options && dataSource.options.url)) return work();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [STARTUP_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
