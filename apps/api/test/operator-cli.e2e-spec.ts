import { ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS } from '../src/persistence/migrations';
import { basic, bearerAuth, startTestApp } from './support/test-app';

const ROOT = join(__dirname, '../../..');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run cli -- ...` as its own process (the sources through ts-node, as npm does). */
const cli = (env: Record<string, string>, ...args: string[]) =>
  new Promise<CliResult>((resolve) => {
    execFile(
      'node',
      ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'apps/api/src/cli/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
};

/**
 * Issue 14 item 4: the operator CLI, run as processes against an embedded database in a temporary
 * DATA_DIR (next to a real server process) and against PostgreSQL.
 */
describe('operator CLI', () => {
  describe('on the embedded database, next to the server', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'strive-cli-'));
    const embedded = { DATABASE_URL: '', DATA_DIR: dataDir };
    let server: ChildProcess | null = null;
    let stdout = '';

    afterAll(() => {
      server?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('prints the demo credentials last on a first start, saves them 0600, and the CLI refuses the held database', async () => {
      const port = await freePort();
      server = spawn('node', ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'apps/api/src/main.ts'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, ...embedded, TS_NODE_TRANSPILE_ONLY: 'true', PORT: String(port), LOG_LEVEL: 'info', JOBS_ENABLED: 'false' },
      });
      server.stdout?.on('data', (chunk) => (stdout += String(chunk)));
      await until(() => stdout.includes('client_secret:') && stdout.trimEnd().endsWith('='.repeat(78)), 'the demo credentials');

      // Every JSON log line (the "ready" one included) comes before the block.
      const lines = stdout.split('\n');
      const blockStart = lines.findIndex((line) => line.includes('Strive created a demo app'));
      const lastLog = lines.map((line, index) => (line.startsWith('{') ? index : -1)).reduce((a, b) => Math.max(a, b), -1);
      expect(lines.some((line) => line.startsWith('{') && line.includes('Strive API ready'))).toBe(true);
      expect(blockStart).toBeGreaterThan(lastLog);
      const printed = {
        client_id: /client_id: +(\S+)/.exec(stdout)?.[1],
        client_secret: /client_secret: +(\S+)/.exec(stdout)?.[1],
      };
      const saved = join(dataDir, 'demo-credentials.json');
      expect(statSync(saved).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual(printed);
      const token = await fetch(`http://127.0.0.1:${port}/api/v1/token/`, {
        method: 'POST',
        headers: { Authorization: basic({ clientId: String(printed.client_id), clientSecret: String(printed.client_secret) }) },
      });
      expect(token.status).toBe(200);

      // The server holds the database: the CLI says so in one sentence and exits 1.
      expect(JSON.parse(readFileSync(join(dataDir, 'strive.lock'), 'utf8'))).toMatchObject({ pid: server.pid, role: 'server' });
      const refused = await cli(embedded, 'app', 'list');
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(
        `Database: embedded PGlite in ${dataDir} (DATA_DIR)\n` +
          `The embedded database in ${dataDir} is in use by a running Strive server (pid ${server.pid}): ` +
          'stop it first, or set DATABASE_URL to share a PostgreSQL database.\n',
      );

      // Stopped, the server gives the lock back.
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      server = null;
      expect(existsSync(join(dataDir, 'strive.lock'))).toBe(false);
    }, 180_000);

    it('lists, rotates, seeds and deletes apps; a second start accepts only the rotated secret and shows full leaderboards', async () => {
      // A lock left by a process that died (kill -9) is stale: taken over.
      const dead = spawnSync('true').pid;
      writeFileSync(join(dataDir, 'strive.lock'), JSON.stringify({ pid: dead, role: 'server', since: '2026-01-01T00:00:00Z' }));
      const listed = await cli(embedded, 'app', 'list', '--json');
      expect(listed.code).toBe(0);
      const [demo] = JSON.parse(listed.stdout);
      const oldSecret = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')).client_secret;
      expect(JSON.parse(listed.stdout)).toEqual([{ client_id: demo.client_id, name: 'Demo app', created_at: expect.any(String) }]);

      const rotated = await cli(embedded, 'app', 'rotate-secret', `--client-id=${demo.client_id}`);
      expect(rotated.code).toBe(0);
      const fresh = JSON.parse(rotated.stdout);
      expect(fresh).toEqual({ client_id: demo.client_id, client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      expect(fresh.client_secret).not.toBe(oldSecret);
      expect(await cli(embedded, 'app', 'rotate-secret', '--client-id', 'ghost')).toMatchObject({ code: 1, stderr: expect.stringContaining('No app with client id ghost.') });

      const seeded = await cli(embedded, 'demo', 'seed');
      expect(seeded).toMatchObject({ code: 0, stderr: expect.stringContaining('12 profiles in 3 teams, 30 days of data each, 4 challenges') });
      const again = await cli(embedded, 'demo', 'seed');
      expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('is seeded already (12 demo profiles): nothing was changed.') });

      const club = JSON.parse((await cli(embedded, 'app', 'create', '--name', 'Club')).stdout);
      expect(await cli(embedded, 'app', 'delete', `--client-id=${club.client_id}`)).toMatchObject({ code: 2, stderr: expect.stringContaining('add --yes to confirm') });
      expect(await cli(embedded, 'app', 'delete', `--client-id=${club.client_id}`, '--yes')).toMatchObject({ code: 0 });
      expect(JSON.parse((await cli(embedded, 'app', 'list', '--json')).stdout).map((app: { name: string }) => app.name)).toEqual(['Demo app']);
      expect(await cli(embedded, 'app', 'frobnicate')).toMatchObject({ code: 2, stderr: expect.stringContaining('app rotate-secret --client-id <id>') });

      const test = await startTestApp({ env: { ...embedded } });
      try {
        await test.http.post('/api/v1/token/').set('Authorization', basic({ clientId: demo.client_id, clientSecret: oldSecret })).expect(401);
        const admin = (await test.http.post('/api/v1/token/').set('Authorization', basic({ clientId: demo.client_id, clientSecret: fresh.client_secret })).expect(200)).body
          .access_token;
        const challenges = (await test.http.get('/api/v1/challenge/').set(bearerAuth(admin)).expect(200)).body.results as { public_id: string; title: string }[];
        expect(challenges.map((c) => c.title).sort()).toEqual(
          ['150 workout minutes a week (demo)', '8,000 steps a day (demo)', 'Most steps (demo)', 'Team distance race (demo)'],
        );
        const steps = challenges.find((c) => c.title === 'Most steps (demo)') as { public_id: string };
        const board = (await test.http.get(`/api/v1/challenge/${steps.public_id}/leaderboard/`).set(bearerAuth(admin)).expect(200)).body;
        expect(board.results).toHaveLength(12);
        // 30 days of at least 2,000 steps each (4,000 x the lowest activity level 0.5).
        expect(board.results.every((entry: { score: number }) => entry.score >= 30 * 2000)).toBe(true);
      } finally {
        await test.close();
      }
    }, 180_000);
  });

  // What `npm run migration:run` runs, for deployments whose servers start with MIGRATIONS_RUN=false.
  const migrationNames = MIGRATIONS.map((migration) => migration.name);
  const summary = `${MIGRATIONS.length} migrations applied, the last ${migrationNames[migrationNames.length - 1]}.\n`;
  const appliedOf = (result: CliResult) => result.stderr.split('\n').filter((line) => line.startsWith('Applied '));

  it('db migrate applies the pending migrations of an empty embedded database in order, then finds none', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'strive-migrate-'));
    try {
      const env = { DATABASE_URL: '', DATA_DIR: dataDir, MIGRATIONS_RUN: 'false' };
      const first = await cli(env, 'db', 'migrate');
      expect(first).toMatchObject({ code: 0, stdout: summary });
      expect(appliedOf(first)).toEqual(migrationNames.map((name) => `Applied ${name}.`));
      const again = await cli(env, 'db', 'migrate');
      expect(again).toMatchObject({ code: 0, stdout: summary });
      expect(appliedOf(again)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  const databaseUrl = process.env.DATABASE_URL ?? '';
  (databaseUrl ? describe : describe.skip)('on PostgreSQL (DATABASE_URL)', () => {
    it('db migrate run twice at once on an empty database applies each migration once, and both succeed', async () => {
      const name = 'strive_cli_migrate_test';
      const admin = new Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name}`);
        const env = { DATABASE_URL: Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString(), MIGRATIONS_RUN: 'false' };
        const [one, two] = await Promise.all([cli(env, 'db', 'migrate'), cli(env, 'db', 'migrate')]);
        expect([one, two]).toMatchObject([{ code: 0, stdout: summary }, { code: 0, stdout: summary }]);
        // One applied them all; the other waited for the start-up lock, then found none pending.
        expect([...appliedOf(one), ...appliedOf(two)].sort()).toEqual(migrationNames.map((migration) => `Applied ${migration}.`).sort());
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 120_000);

    it('deletes an app with every row it owns, and nothing of another app', async () => {
      // Migrates and empties the suite's database.
      const test = await startTestApp();
      try {
        const postgres = { DATABASE_URL: databaseUrl };
        const keep = JSON.parse((await cli(postgres, 'app', 'create', '--name', 'Keep')).stdout);
        const gone = JSON.parse((await cli(postgres, 'app', 'create', '--name', 'Gone')).stdout);
        const seeded = await cli(postgres, 'demo', 'seed', `--client-id=${gone.client_id}`);
        expect(seeded.stderr).toContain(`Database: PostgreSQL ${new URL(databaseUrl).hostname}`);
        expect(seeded.code).toBe(0);
        await cli(postgres, 'demo', 'seed', `--client-id=${keep.client_id}`);

        const owned = async (clientId: string) => {
          const tables: { table_name: string }[] = await test.dataSource.query(
            `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'app_id'`,
          );
          let rows = 0;
          for (const { table_name } of tables) {
            const [{ n }] = await test.dataSource.query(
              `SELECT count(*)::int AS n FROM "${table_name}" WHERE app_id = (SELECT id FROM app WHERE client_id = $1)`, [clientId],
            );
            rows += n;
          }
          return rows;
        };
        const keptBefore = await owned(keep.client_id);
        expect(await owned(gone.client_id)).toBeGreaterThan(12 * 30);

        const [{ id: goneId }] = await test.dataSource.query('SELECT id FROM app WHERE client_id = $1', [gone.client_id]);
        expect(await cli(postgres, 'app', 'delete', `--client-id=${gone.client_id}`, '--yes')).toMatchObject({ code: 0 });
        expect(await test.dataSource.query('SELECT client_id FROM app ORDER BY name')).toEqual([{ client_id: keep.client_id }]);
        for (const table of ['profile', 'health_record', 'challenge', 'challenge_member', 'member_period_score', 'team', 'profile_points_day', 'job']) {
          expect(await test.dataSource.query(`SELECT count(*)::int AS n FROM "${table}" WHERE app_id = $1`, [goneId])).toEqual([{ n: 0 }]);
        }
        expect(await owned(keep.client_id)).toBe(keptBefore);
      } finally {
        await test.close();
      }
    }, 180_000);
  });
});
