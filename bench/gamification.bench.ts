/**
 * Gamification benchmark on the machine's PostgreSQL (docs/benchmarks.md "Gamification").
 *
 * Run: npm run build && npx ts-node -r tsconfig-paths/register bench/gamification.bench.ts [members]
 * Needs: createdb -h 127.0.0.1 -U postgres strive_bench_game (BENCH_DATABASE_URL overrides); the
 * database is wiped at every run.
 *
 * 1. The API (dist build) starts as its own process on the bench database; its resident memory
 *    is sampled every 100 ms for the whole run.
 * 2. An INDIVIDUAL DAILY 10,000-steps challenge over the last 30 UTC days and the next 2 gets
 *    `members` members (profiles and members inserted with SQL) and 30 days of daily summaries
 *    (about 9 in 10 days per member, deterministic, inserted with SQL into health_record).
 * 3. Initial scoring through the API: a PATCH of goal_value asks for the challenge.rescore job,
 *    which rescores every member over the whole challenge (the product's batched rescoring
 *    path); timed from the PATCH until the job table holds no pending or running job.
 * 4. leaderboard/ (a page of 50 plus the requester's rank) for the last full day, 32 concurrent
 *    autocannon clients for 20 s, with the requester's profile bearer: p50/p95/p99.
 * 5. The same answer computed by aggregating the raw records in SQL (day's steps per member,
 *    rank(), page of 50 + requester's rank), 32 concurrent connections for 20 s: p50/p95/p99.
 * 6. One more day of daily summaries for every member, inserted with SQL, then rescored with
 *    the same batched path (RescoreChallengeMembersUseCase for that day's range) in an
 *    application context of this process.
 */
import 'reflect-metadata';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: object, done: (error: Error | null, result: AutocannonResult) => void) => { on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void };
interface AutocannonResult { requests: { average: number }; non2xx: number; errors: number }
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';

const ROOT = join(__dirname, '..');
const MEMBERS = Number(process.argv[2] ?? 100_000);
const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_game';
const PORT = 3951;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENT = { id: 'bench-client', secret: 'bench-secret-0123456789' };
const DAY_MS = 86_400_000;
const CONNECTIONS = 32;
const DURATION_S = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};
const round = (value: number) => Math.round(value * 100) / 100;
const log = (message: string, data?: unknown) => console.log(`[${new Date().toISOString()}] ${message}`, data === undefined ? '' : JSON.stringify(data));

async function api(path: string, init: RequestInit & { bearer?: string } = {}): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.headers as Record<string, string>) };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const response = await fetch(`${BASE}${path}`, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

function startApi() {
  // A bounded heap, as a container with a memory limit would set it: V8 then collects early.
  // BENCH_API_NODE_ARGS adds node flags, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--max-old-space-size=192', ...extra, join(ROOT, 'dist/apps/api/src/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: URL, PORT: String(PORT), LOG_LEVEL: 'warn', DEMO_APP: 'false',
      BOOTSTRAP_CLIENT_ID: CLIENT.id, BOOTSTRAP_CLIENT_SECRET: CLIENT.secret, BOOTSTRAP_APP_NAME: 'Bench',
      // The load generator is one client with one bearer: the service's rate limits would refuse it.
      RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000', RATE_LIMIT_TOKEN_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let maxRssMb = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      maxRssMb = Math.max(maxRssMb, kb / 1024);
    } catch {
      // not started or gone
    }
  };
  const timer = setInterval(sample, 100);
  return {
    child,
    maxRss: () => round(maxRssMb),
    rssNow: () => {
      sample();
      return round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
    },
    stop: async () => {
      clearInterval(timer);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/health`)).status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('API not ready');
}

/** Daily summaries of every member of the app for the UTC days first..last (a re-run replaces them). */
function insertDays(pool: Pool, appId: string, first: number, last: number) {
  // random() in the select list of the inner query runs once per row (a LATERAL subquery would not).
  return pool.query(
    `INSERT INTO health_record (app_id, profile_id, type, subtype, source, external_id, time, data)
     SELECT $1, s.id, 'daily_summary', '', 'GARMIN', 'bench-' || s.day::date, s.day,
            jsonb_build_object('date', to_char(s.day AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'steps', s.steps, 'distance', s.steps * 0.75,
                               'calories', 1800 + s.steps / 20, 'active_duration', '01:00:00.000000')
     FROM (SELECT p.id, d.day, (2000 + floor(random() * 14000))::int AS steps, random() AS present
           FROM profile p CROSS JOIN generate_series($2::timestamptz, $3::timestamptz, interval '1 day') AS d(day)
           WHERE p.app_id = $1) AS s
     WHERE s.present < 0.9
     ON CONFLICT (app_id, profile_id, type, source, external_id) DO UPDATE SET data = EXCLUDED.data`,
    [appId, new Date(first), new Date(last)],
  );
}

/** Waits until the job table holds no pending or running job (polling every 100 ms). */
async function jobsDone(pool: Pool): Promise<void> {
  for (;;) {
    const [{ n }] = (await pool.query("SELECT count(*)::int AS n FROM job WHERE status IN ('pending', 'running')")).rows;
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: URL, max: CONNECTIONS });
  // BENCH_REUSE=1 keeps the data and scores of the previous run (steps 2-3 skipped).
  const reuse = process.env.BENCH_REUSE === '1';
  if (!reuse) {
    await pool.query('DROP SCHEMA IF EXISTS public CASCADE');
    await pool.query('CREATE SCHEMA public');
  }
  const server = startApi();
  await waitReady();
  log('API ready', { rssMb: server.rssNow() });

  const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
  const admin = (await api('/api/v1/token/', { method: 'POST', headers: { authorization: `Basic ${basic}` } })).access_token;
  const requester = await api('/api/v1/profile/', { method: 'POST', bearer: admin, body: JSON.stringify({ name: 'Requester' }) });
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const start = new Date(today - 30 * DAY_MS);
  if (reuse) return measure(pool, server, admin, requester, today, start);
  const challenge = await api('/api/v1/challenge/', {
    method: 'POST', bearer: admin,
    body: JSON.stringify({
      title: 'Bench steps', type: 'INDIVIDUAL', goal: 'DAILY', goal_value: 9999, goal_type: 'STEPS',
      start: start.toISOString(), end: new Date(today + 2 * DAY_MS).toISOString(),
    }),
  });
  const [{ app_id: appId }] = (await pool.query('SELECT app_id FROM profile WHERE id = $1', [requester.public_id])).rows;

  // ---- data (not timed as part of any figure) ----
  let t = performance.now();
  await pool.query('SELECT setseed(0.42)');
  await pool.query(
    `INSERT INTO profile (app_id, id, name, gender, reference, bearer_digest, total_points, created_at)
     SELECT $1, gen_random_uuid(), 'Member ' || i, NULL, '', md5('bench-' || i), 0, now() FROM generate_series(2, $2) AS i`,
    [appId, MEMBERS],
  );
  await pool.query(
    `INSERT INTO challenge_member (app_id, challenge_id, profile_id, team_id, joined_at, inactive_intervals, is_active)
     SELECT $1, $2, id, NULL, $3, '[]', true FROM profile WHERE app_id = $1`,
    [appId, challenge.public_id, start],
  );
  await insertDays(pool, appId, start.getTime(), today - DAY_MS);
  await pool.query('ANALYZE');
  const [{ n: summaries }] = (await pool.query("SELECT count(*)::int AS n FROM health_record WHERE type = 'daily_summary'")).rows;
  log('data inserted', { members: MEMBERS, summaries, seconds: round((performance.now() - t) / 1000) });

  // ---- initial scoring through the API (rule change rescores everyone) ----
  t = performance.now();
  await api(`/api/v1/challenge/${challenge.public_id}/`, { method: 'PATCH', bearer: admin, body: JSON.stringify({ goal_value: 10000 }) });
  // The PATCH answers at once; the challenge.rescore job does the work: timed until it is done.
  await jobsDone(pool);
  const initialSeconds = round((performance.now() - t) / 1000);
  const [{ n: scoreRows }] = (await pool.query('SELECT count(*)::int AS n FROM member_period_score')).rows;
  log('initial scoring (PATCH goal_value, 30 days x all members)', { seconds: initialSeconds, scoreRows, maxRssMb: server.maxRss() });
  await measure(pool, server, admin, requester, today, start, { summaries, initialSeconds });
}

async function measure(
  pool: Pool,
  server: ReturnType<typeof startApi>,
  admin: string,
  requester: { public_id: string; bearer: string },
  today: number,
  start: Date,
  setup: { summaries?: number; initialSeconds?: number } = {},
): Promise<void> {
  let t = performance.now();
  const [{ id: challengeId, app_id: appId }] = (await pool.query("SELECT id, app_id FROM challenge WHERE title = 'Bench steps'")).rows;
  const challenge = { public_id: challengeId as string };
  await api(`/api/v1/challenge/${challengeId}/member/`, { method: 'POST', bearer: admin, body: JSON.stringify({ profile: requester.public_id }) }).catch(() => null);
  const { summaries, initialSeconds } = setup;

  // ---- leaderboard/ through the API ----
  const dateRange = 29; // the last full day
  const path = `/api/v1/challenge/${challenge.public_id}/leaderboard/?date_range=${dateRange}&limit=50`;
  const first = performance.now();
  const sample = await api(path, { bearer: requester.bearer });
  log('first leaderboard request (ranking built and cached)', { ms: round(performance.now() - first), count: sample.count, requesterRank: sample.requester?.rank });
  const apiLatencies: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      { url: `${BASE}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization: `Bearer ${requester.bearer}` } },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => apiLatencies.push(responseTime));
  });
  const apiStats = stats(apiLatencies);
  log('leaderboard/ via API', { ...apiStats, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors, maxRssMb: server.maxRss() });

  // ---- the same answer from raw records in SQL ----
  const day = new Date(start.getTime() + dateRange * DAY_MS);
  const rawSql = `
    WITH day AS (
      SELECT m.profile_id, coalesce(max((h.data->>'steps')::double precision), 0) AS score
      FROM challenge_member m
      LEFT JOIN health_record h ON h.app_id = m.app_id AND h.profile_id = m.profile_id AND h.type = 'daily_summary'
        AND h.subtype = '' AND h.time = $2
      WHERE m.challenge_id = $1
      GROUP BY m.profile_id),
    ranked AS (SELECT profile_id, score, rank() OVER (ORDER BY score DESC) AS rank FROM day),
    page AS (SELECT profile_id, score, rank FROM ranked ORDER BY rank, profile_id LIMIT 50)
    SELECT * FROM page UNION ALL SELECT profile_id, score, rank FROM ranked WHERE profile_id = $3`;
  const raw = await pool.query(rawSql, [challenge.public_id, day, requester.public_id]);
  const rawTop = raw.rows.slice(0, 50).map((row) => Number(row.score));
  const apiTop = sample.results.map((entry: { score: number }) => entry.score);
  log('answers agree', { scores: JSON.stringify(rawTop) === JSON.stringify(apiTop), requesterRank: [Number(raw.rows[50]?.rank), sample.requester?.rank] });
  const rawLatencies: number[] = [];
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const began = performance.now();
        await pool.query(rawSql, [challenge.public_id, day, requester.public_id]);
        rawLatencies.push(performance.now() - began);
      }
    }),
  );
  const rawStats = stats(rawLatencies);
  log('same answer from raw records in SQL', { ...rawStats, ratioP95: round(rawStats.p95 / apiStats.p95) });

  // ---- one more day for every member ----
  t = performance.now();
  await insertDays(pool, appId, today, today);
  const insertSeconds = round((performance.now() - t) / 1000);
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import('../apps/api/src/app.module');
  const { RescoreChallengeMembersUseCase } = await import('@strive/domain');
  const { CHALLENGE_REPOSITORY } = await import('../apps/api/src/system/tokens');
  process.env.DATABASE_URL = URL;
  process.env.LOG_LEVEL = 'warn';
  process.env.JOBS_ENABLED = 'false'; // this context only rescores; the API process runs the jobs
  const context = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const stored = await context.get<any>(CHALLENGE_REPOSITORY).findById(appId, challenge.public_id);
  t = performance.now();
  const rescored = await context.get(RescoreChallengeMembersUseCase).execute({ challenge: stored, from: new Date(today), to: new Date(today + DAY_MS) });
  const daySeconds = round((performance.now() - t) / 1000);
  log('one more day rescored', { members: rescored, insertSeconds, rescoreSeconds: daySeconds, benchProcessRssMb: round(process.memoryUsage().rss / 2 ** 20) });
  await context.close();
  const after = await api(`/api/v1/challenge/${challenge.public_id}/leaderboard/?limit=3`, { bearer: requester.bearer });
  log('current day leaderboard after the rescore', { period: after.period.date_range, top: after.results.map((e: { score: number }) => e.score) });

  log('summary', {
    members: MEMBERS, summaries, initialScoringSeconds: initialSeconds, apiP95Ms: apiStats.p95, rawSqlP95Ms: rawStats.p95,
    ratio: round(rawStats.p95 / apiStats.p95), oneMoreDaySeconds: daySeconds, apiMaxRssMb: server.maxRss(),
  });
  await server.stop();
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
