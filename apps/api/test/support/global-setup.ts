import { Client } from 'pg';

/**
 * With DATABASE_URL the e2e suite runs against a real PostgreSQL: start from a
 * clean schema (the app's migrations then build it). Refuses any database whose
 * name does not contain "test", so it can never wipe a real one.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const database = new URL(url).pathname.replace(/^\//, '');
  if (!database.includes('test')) {
    throw new Error(`Refusing to run the e2e suite against database "${database}": its name must contain "test".`);
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
