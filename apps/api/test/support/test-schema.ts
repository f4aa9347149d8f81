import { Client } from 'pg';

/** Refuses any database whose name lacks "test": the suites empty or drop its tables. */
export function assertTestDatabase(url: string, suite: string): void {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!name.includes('test')) throw new Error(`Refusing to run the ${suite} against database "${name}": its name must contain "test".`);
}

/** Drops and recreates the public schema of a test database (migrations then build it). */
export async function resetTestSchema(url: string, suite: string): Promise<void> {
  assertTestDatabase(url, suite);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

/** Empties every application table of a migrated test database (each suite starts from nothing). */
export async function emptyTables(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'",
    );
    if (rows.length > 0) await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} CASCADE`);
  } finally {
    await client.end();
  }
}
