import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
      await expect(cli('app', 'delete')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run cli -- app create --name <name>') });

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
    it('is created and printed once on the first embedded start with no app, and never again', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'strive-demo-'));
      const printed: string[] = [];
      const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed.push(String(chunk));
        return true;
      });
      try {
        const first = await startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_APP: 'true' } });
        const line = printed.join('').split('\n').find((l) => l.startsWith('{"client_id"'));
        const credentials = JSON.parse(line ?? 'null');
        expect(credentials).toEqual({ client_id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
        await first.http.post('/api/v1/token/').set('Authorization', basic({ clientId: credentials.client_id, clientSecret: credentials.client_secret })).expect(200);
        await first.close();

        printed.length = 0;
        const second = await startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_APP: 'true' } });
        expect(printed.join('')).not.toContain('client_secret');
        expect(await second.dataSource.query('SELECT name FROM app')).toEqual([{ name: 'Demo app' }]);
        await second.close();
      } finally {
        write.mockRestore();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
