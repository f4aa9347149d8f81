import { resetTestSchema } from './test-schema';

/**
 * With DATABASE_URL the e2e suite runs against a real PostgreSQL: start from a
 * clean schema (the app's migrations then build it). Refuses any database whose
 * name does not contain "test", so it can never wipe a real one.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) await resetTestSchema(url, 'e2e suite');
}
