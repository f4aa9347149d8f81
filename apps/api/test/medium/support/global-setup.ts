import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/persistence/data-source-options';
import { assertTestDatabase } from './test-database';

/**
 * With DATABASE_URL: a clean schema, migrated once for the whole medium run (each test then
 * truncates the tables). PGlite databases are per test file and migrate themselves.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  assertTestDatabase(url);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
  const dataSource = await new DataSource(dataSourceOptions({ databaseUrl: url, dataDir: '' })).initialize();
  try {
    await dataSource.runMigrations();
  } finally {
    await dataSource.destroy();
  }
}
