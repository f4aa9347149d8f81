import { DataSource, DataSourceOptions, Migration } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { embeddedPgliteDriver } from './embedded-pglite-pool';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { underStartupLock } from './startup-lock';

/**
 * The one DataSource definition, used by the app, the migration CLI (ormconfig.ts)
 * and the tests: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
 * The schema only ever changes through MIGRATIONS.
 */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
  };
  if (config.databaseUrl) {
    // No JIT compilation: it starts above an estimated cost of 100,000, which every read of a
    // 100,000-member challenge's scores passes, and compiling took 100-400 ms for queries that run
    // in 15 ms (docs/benchmarks.md "Scoring speed"). PGlite has no JIT.
    return { ...common, url: config.databaseUrl, extra: { max: 10, options: '-c jit=off' } };
  }
  return { ...common, driver: embeddedPgliteDriver(config.dataDir), extra: { max: 1 } };
}

/**
 * Connects, then runs the pending migrations when `migrationsRun` says so: here rather than inside
 * initialize(), under the lock every starting process takes, so processes started together on an
 * empty database migrate it once.
 */
export async function initializeDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  if (options.migrationsRun) await runPendingMigrations(dataSource);
  return dataSource;
}

/** The pending migrations, in one transaction, under the start-up lock (a start, `db migrate`); answers those it ran. */
export function runPendingMigrations(dataSource: DataSource): Promise<Migration[]> {
  return underStartupLock(dataSource, () => dataSource.runMigrations({ transaction: 'all' }));
}
