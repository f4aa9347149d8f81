import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { StartupService } from '../src/identity/startup.service';
import { dataSourceOptions, initializeDataSource } from '../src/persistence/data-source-options';
import { MIGRATIONS } from '../src/persistence/migrations';
import { basic, startTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');

describe('start-up', () => {
  describe('with BOOTSTRAP_* credentials', () => {
    let test: TestApp;
    const credentials = { clientId: 'ops-client', clientSecret: 'ops-secret-0123456789' };

    beforeAll(async () => {
      test = await startTestApp({
        env: { BOOTSTRAP_CLIENT_ID: credentials.clientId, BOOTSTRAP_CLIENT_SECRET: credentials.clientSecret, BOOTSTRAP_APP_NAME: 'Ops' },
      });
    });
    afterAll(() => test.close());

    it('ensures that app exists, so its credentials get a bearer', async () => {
      await test.http.post('/api/v1/token/').set('Authorization', basic(credentials)).expect(200);
      const apps = await test.dataSource.query('SELECT name, client_id FROM app');
      expect(apps).toEqual([{ name: 'Ops', client_id: 'ops-client' }]);
    });
  });

  describe('first embedded start and the operator CLI', () => {
    let dataDir: string;

    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'strive-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const cli = (...args: string[]) =>
      run('node', ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'apps/api/src/cli/main.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, TS_NODE_TRANSPILE_ONLY: 'true' },
      });

    // The CLI and the server are given DATABASE_URL '' and a data directory: this runs on the
    // embedded database on disk whatever the suite's DATABASE_URL.
    it('creates an app with `app create --name`, printing its credentials once, and refuses bad usage', async () => {
      const { stdout } = await cli('app', 'create', '--name', 'Club');
      const printed = JSON.parse(stdout.trim());
      expect(printed).toEqual({ client_id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      await expect(cli('app', 'create')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run cli -- app create --name <name>') });

      // The server started on the same data directory accepts the printed credentials.
      const test = await startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
      try {
        await test.http.post('/api/v1/token/').set('Authorization', basic({ clientId: printed.client_id, clientSecret: printed.client_secret })).expect(200);
      } finally {
        await test.close();
      }
    });
  });

  describe('demo app', () => {
    // An embedded-database convenience: started with DATABASE_URL '', whatever the suite's.
    // (main.ts prints the credentials last: operator-cli.e2e-spec.ts runs the real process.)
    it('is created on the first embedded start with no app, its credentials saved 0600 in DATA_DIR, and never again', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'strive-demo-'));
      try {
        const first = await startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_APP: 'true' } });
        const saved = join(dataDir, 'demo-credentials.json');
        expect(first.app.get(StartupService).demoApp?.savedTo).toBe(saved);
        expect(statSync(saved).mode & 0o777).toBe(0o600);
        const credentials = JSON.parse(readFileSync(saved, 'utf8'));
        expect(credentials).toEqual({ client_id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
        await first.http.post('/api/v1/token/').set('Authorization', basic({ clientId: credentials.client_id, clientSecret: credentials.client_secret })).expect(200);
        await first.close();

        const second = await startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_APP: 'true' } });
        expect(second.app.get(StartupService).demoApp).toBeNull();
        expect(await second.dataSource.query('SELECT name FROM app')).toEqual([{ name: 'Demo app' }]);
        await second.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  // Processes of one deployment starting at once on PostgreSQL: without the start-up lock both ran
  // the migrations (one failed creating a table: "duplicate key") or both created the BOOTSTRAP_*
  // app (one failed on its unique client id), and that process did not come up.
  (process.env.DATABASE_URL ? describe : describe.skip)('two starts at once on one PostgreSQL database', () => {
    const suiteUrl = new URL(process.env.DATABASE_URL ?? 'postgres://unused');
    const name = 'strive_concurrent_start_test';
    const url = Object.assign(new URL(suiteUrl), { pathname: `/${name}` }).toString();
    const admin = new Client({ connectionString: suiteUrl.toString() });

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('migrate an empty database once, and both connect', async () => {
      const options = { ...dataSourceOptions({ databaseUrl: url, dataDir: '' }), migrationsRun: true };
      const sources = await Promise.all([initializeDataSource(options), initializeDataSource(options)]);
      try {
        const runs = await sources[0].query('SELECT name, count(*)::int AS runs FROM migrations GROUP BY name');
        expect(runs).toHaveLength(MIGRATIONS.length);
        expect(runs.every((row: { runs: number }) => row.runs === 1)).toBe(true);
      } finally {
        await Promise.all(sources.map((source) => source.destroy()));
      }
    });

    it('create the BOOTSTRAP_* app once', async () => {
      const env = { DATABASE_URL: url, BOOTSTRAP_CLIENT_ID: 'twin-client', BOOTSTRAP_CLIENT_SECRET: 'twin-secret-0123456789' };
      const test = await startTestApp({ env });
      try {
        await test.dataSource.query('DELETE FROM app');
        // Connections open for both (a connection opening would delay one start past the other's insert).
        await Promise.all(Array.from({ length: 4 }, () => test.dataSource.query('SELECT pg_sleep(0.05)')));
        const startup = test.app.get(StartupService);
        await Promise.all([startup.onApplicationBootstrap(), startup.onApplicationBootstrap()]);
        expect(await test.dataSource.query('SELECT client_id FROM app')).toEqual([{ client_id: 'twin-client' }]);
      } finally {
        await test.close();
      }
    });
  });
});
