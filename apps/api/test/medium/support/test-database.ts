import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/persistence/data-source-options';
import { assertTestDatabase } from '../../support/test-schema';

/** The database a contract suite runs its SQL adapters on. */
export type SqlEngine = 'PGlite' | 'PostgreSQL';

let embeddedDatabases = 0;


/**
 * A migrated database: a fresh in-memory PGlite (migrated here, once per test file), or the
 * DATABASE_URL PostgreSQL that the global setup migrated once for the whole run.
 */
export async function openTestDatabase(engine: SqlEngine): Promise<DataSource> {
  if (engine === 'PGlite') {
    const dataSource = new DataSource(dataSourceOptions({ databaseUrl: null, dataDir: `memory://medium-${++embeddedDatabases}` }));
    await dataSource.initialize();
    await dataSource.runMigrations();
    return dataSource;
  }
  const url = process.env.DATABASE_URL as string;
  assertTestDatabase(url, 'medium tests');
  return new DataSource(dataSourceOptions({ databaseUrl: url, dataDir: '' })).initialize();
}

/** Empties every application table, so each test starts from nothing. */
export async function truncateAll(dataSource: DataSource): Promise<void> {
  const tables: { tablename: string }[] = await dataSource.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'",
  );
  if (tables.length > 0) await dataSource.query(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`);
}
