import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/persistence/data-source-options';
import { assertTestDatabase } from '../../support/test-schema';

/** The database a contract suite runs its SQL adapters on. */
export type SqlEngine = 'PGlite' | 'PostgreSQL';

/** The engines the SQL adapters are tested on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export const SQL_ENGINES: readonly SqlEngine[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

let embeddedDatabases = 0;

/** Where a test database lives: a fresh in-memory PGlite, or the DATABASE_URL PostgreSQL. */
export function testDatabaseConfig(engine: SqlEngine): { databaseUrl: string | null; dataDir: string } {
  if (engine === 'PGlite') return { databaseUrl: null, dataDir: `memory://medium-${++embeddedDatabases}` };
  const url = process.env.DATABASE_URL as string;
  assertTestDatabase(url, 'medium tests');
  return { databaseUrl: url, dataDir: '' };
}

/**
 * A migrated database (of `config`, by default a new one of testDatabaseConfig): an in-memory
 * PGlite is migrated here, once per test file; PostgreSQL was migrated once for the whole run by
 * the global setup.
 */
export async function openTestDatabase(engine: SqlEngine, config = testDatabaseConfig(engine)): Promise<DataSource> {
  const dataSource = await new DataSource(dataSourceOptions(config)).initialize();
  if (engine === 'PGlite') await dataSource.runMigrations();
  return dataSource;
}

/** Empties every application table, so each test starts from nothing. */
export async function truncateAll(dataSource: DataSource): Promise<void> {
  const tables: { tablename: string }[] = await dataSource.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'",
  );
  if (tables.length > 0) await dataSource.query(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`);
}
