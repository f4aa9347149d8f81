import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/persistence/data-source-options';
import { resetTestSchema } from '../../support/test-schema';

/**
 * With DATABASE_URL: a clean schema, migrated once for the whole medium run (each test then
 * truncates the tables). PGlite databases are per test file and migrate themselves.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  await resetTestSchema(url, 'medium tests');
  const dataSource = await new DataSource(dataSourceOptions({ databaseUrl: url, dataDir: '' })).initialize();
  try {
    await dataSource.runMigrations();
  } finally {
    await dataSource.destroy();
  }
}
