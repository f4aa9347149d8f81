import { startTestApp, TestApp } from './support/test-app';

describe('persistence', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('builds exactly the schema the entities describe, through migrations alone', async () => {
    const pending = await test.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('has recorded every migration', async () => {
    const applied: { name: string }[] = await test.dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row) => row.name)).toEqual(test.dataSource.migrations.map((migration) => migration.name));
  });

  it('keeps app_id on every tenant table, first in its primary key', async () => {
    const rows: { table_name: string; columns: string }[] = await test.dataSource.query(`
      SELECT t.relname AS table_name, string_agg(a.attname, ',' ORDER BY k.ord) AS columns
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND t.relname NOT IN ('migrations')
      GROUP BY t.relname`);
    // Tables that are not tenant data: the app itself, and bearer digests looked up before the app is known.
    // job and scoring_backlog: the queues of every app (a row names its app in app_id; a job null for system work).
    const global = new Set(['app', 'admin_token', 'job', 'scoring_backlog']);
    const tenant = rows.filter((row) => !global.has(row.table_name));
    expect(tenant.length).toBeGreaterThan(0);
    for (const row of tenant) expect([row.table_name, row.columns.split(',')[0]]).toEqual([row.table_name, 'app_id']);
    const adminToken = await test.dataSource.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'admin_token' AND column_name = 'app_id'",
    );
    expect(adminToken).toHaveLength(1);
  });

  // TypeORM cannot describe INCLUDE columns, so the schema check above leaves this index to the migrations.
  it('keeps the daily summaries index covering what scoring reads of a summary', async () => {
    const [index] = await test.dataSource.query(`
      SELECT pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname = 'IDX_health_record_daily'`);
    expect(index.definition).toMatch(/\(app_id, "time", profile_id\) INCLUDE \(source, external_id, data\) WHERE \(\(type = 'daily_summary'::text\) AND \(subtype = ''::text\)\)$/);
  });
});
