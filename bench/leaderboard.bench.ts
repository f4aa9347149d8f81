/**
 * Leaderboard benchmark with its anchors in the same run (docs/benchmarks.md "Leaderboard").
 *
 * Run: npm run bench:leaderboard -- [sizes]    (builds first; default sizes 1000,10000,100000)
 * Needs PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379; one database per size,
 * strive_bench_board_<size>[_<repetition>] (created when missing, wiped unless BENCH_REUSE=1 finds its data).
 * Options: BENCH_REPETITION=NONE|STREAK|STICK_TO_IT (default NONE), BENCH_SECONDS (15), BENCH_ROUNDS (3),
 * BENCH_REQUESTERS (10,000), BENCH_API_NODE_ARGS (node flags for the API, e.g. --cpu-prof),
 * BENCH_DATABASE_PREFIX (strive_bench_board: another prefix keeps another tree's data apart), BENCH_DIST (another
 * build's dist directory for the API, e.g. the code before a change; default ./dist).
 *
 * Per size:
 * 1. The API (dist build, --max-old-space-size=192) runs as its own process; its resident memory
 *    is sampled every 100 ms. An INDIVIDUAL DAILY 10,000-steps challenge over the last 30 UTC
 *    days and the next 2 gets `size` members and their daily summaries (about 9 days in 10,
 *    steps 2,000-16,000, inserted with SQL); the product scores them (a PATCH of goal_value runs
 *    the challenge.rescore job).
 * 2. Correctness: a fresh computation from the raw records in SQL (each member's score of the
 *    last full day: its steps, or for STREAK / STICK TO IT its longest run / count of days with
 *    10,000 steps among the 30); 50 requesters' answers must match it (count, the page's
 *    scores and competition ranks, the requester's score and rank).
 * 3. Three servers, all running, answer `?date_range=29&limit=20` (a page of 20 plus the
 *    requester's rank) to 32 autocannon connections, each request with the next of
 *    BENCH_REQUESTERS distinct profile bearers: Strive's leaderboard/, the anchor of the same
 *    answer from a Redis sorted set (bench/anchors/redis-leaderboard.server.ts, ZCARD + ZREVRANGE
 *    + ZREVRANK + ZSCORE), and a bare node:http server sending Strive's precomputed page
 *    (bench/anchors/bare-page.server.ts). Each is warmed up (every requester asks once, then 3 s
 *    of load); then they are measured in turns, BENCH_ROUNDS (3) rounds of BENCH_SECONDS /
 *    BENCH_ROUNDS seconds each, so that whatever else this shared machine does falls on all three
 *    alike: req/s, p50/p95/p99 ms, and the server process's CPU time per request (/proc).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { Client, Pool } from 'pg';
import { forkAnchor } from './support/anchor-process';
import { apiClient } from './support/api-client';
import { killedOnExit } from './support/child-processes';
import { jobsDone } from './support/jobs-done';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: object, done: (error: Error | null, result: AutocannonResult) => void) => {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
interface AutocannonResult { requests: { average: number }; non2xx: number; errors: number; timeouts: number }

const ROOT = join(__dirname, '..');
const DIST = resolve(process.env.BENCH_DIST ?? join(ROOT, 'dist'));
const SIZES = (process.argv[2] ?? '1000,10000,100000').split(',').map(Number);
const REPETITION = process.env.BENCH_REPETITION ?? 'NONE';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTERS = Number(process.env.BENCH_REQUESTERS ?? 10_000);
const CONNECTIONS = 32;
const WARM_UP_SECONDS = 3;
const PAGE = 20;
const DATE_RANGE = 29; // the last full day of the 30 past days
const GOAL = 10_000;
const API_PORT = 3951;
const REDIS_PORT = 3952;
const BARE_PORT = 3953;
const CLIENT = { id: 'bench-client', secret: 'bench-secret-0123456789' };
const DAY_MS = 86_400_000;
const TITLE = `Bench steps ${REPETITION}`;

const round = (value: number) => Math.round(value * 100) / 100;
const log = (message: string, data?: unknown) => console.log(`[${new Date().toISOString()}] ${message}`, data === undefined ? '' : JSON.stringify(data));
const bearerOf = (i: number) => `bench-bearer-${i}`;

interface Load { rps: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; serverCpuUsPerRequest: number }

function percentiles(values: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** A server under load: where it listens, the path it answers, its process (for CPU time) and what was measured of it. */
interface Target { name: string; port: number; path: string; pid: number; latencies: number[]; non2xx: number; errors: number; cpuSeconds: number; seconds: number }

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** 32 connections on the target for `seconds`, each request with the next requester's bearer; `record`: measured, else warm-up. */
function run(target: Target, bearers: readonly string[], seconds: number, record: boolean): Promise<void> {
  let next = Math.floor(Math.random() * bearers.length);
  const cpuBefore = cpuSecondsOf(target.pid);
  return new Promise<void>((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${target.port}${target.path}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ setupRequest: (request: { headers?: Record<string, string> }) => {
          request.headers = { ...request.headers, authorization: `Bearer ${bearers[next++ % bearers.length]}` };
          return request;
        } }],
      },
      (error, result) => {
        if (error) return reject(error);
        if (record) {
          for (const ms of latencies) target.latencies.push(ms);
          target.non2xx += result.non2xx;
          target.errors += result.errors + result.timeouts;
          target.cpuSeconds += cpuSecondsOf(target.pid) - cpuBefore;
          target.seconds += seconds;
        }
        resolve();
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** Every requester asks once (a real app's users come back with the same bearers), then a few seconds of load. */
async function warmUp(target: Target, bearers: readonly string[]): Promise<void> {
  await Promise.all(Array.from({ length: CONNECTIONS }, async (_, c) => {
    for (let i = c; i < bearers.length; i += CONNECTIONS) {
      await fetch(`http://127.0.0.1:${target.port}${target.path}`, { headers: { authorization: `Bearer ${bearers[i]}` } }).then((r) => r.arrayBuffer());
    }
  }));
  await run(target, bearers, WARM_UP_SECONDS, false);
}

/**
 * The targets measured in turns (ROUNDS rounds of BENCH_SECONDS / ROUNDS each), so that a change
 * in what else the machine does falls on all of them alike.
 */
async function measure(targets: readonly Target[], bearers: readonly string[]): Promise<Record<string, Load>> {
  for (const target of targets) await warmUp(target, bearers);
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) await run(target, bearers, SECONDS / ROUNDS, true);
  }
  return Object.fromEntries(targets.map((t) => [t.name, {
    rps: Math.round(t.latencies.length / t.seconds), ...percentiles(t.latencies), non2xx: t.non2xx, errors: t.errors,
    serverCpuUsPerRequest: round((t.cpuSeconds * 1e6) / Math.max(1, t.latencies.length)),
  }]));
}

function startProcess(child: ChildProcess): { child: ChildProcess; maxRssMb: () => number; stop: () => Promise<void> } {
  killedOnExit(child);
  let max = 0;
  const sample = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      max = Math.max(max, kb / 1024);
    } catch {
      // not started yet, or gone
    }
  };
  const timer = setInterval(sample, 100);
  return {
    child,
    maxRssMb: () => round(max),
    stop: async () => {
      clearInterval(timer);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function startApi(databaseUrl: string) {
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startProcess(
    spawn(process.execPath, ['--max-old-space-size=192', ...extra, join(DIST, 'apps/api/src/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: databaseUrl, PORT: String(API_PORT), LOG_LEVEL: 'warn', DEMO_APP: 'false',
        BOOTSTRAP_CLIENT_ID: CLIENT.id, BOOTSTRAP_CLIENT_SECRET: CLIENT.secret, BOOTSTRAP_APP_NAME: 'Bench',
        // One app serves the whole load: its per-app limit would refuse it (per-bearer counts stay on).
        RATE_LIMIT_APP_MAX: '1000000', RATE_LIMIT_TOKEN_MAX: '1000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

/** An anchor server as its own process, its CPU time and resident memory followed; resolves once it listens. */
async function startAnchor(file: string, env: Record<string, string>) {
  return startProcess(await forkAnchor(file, env));
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${API_PORT}/health`)).status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('API not ready');
}

const api = apiClient(`http://127.0.0.1:${API_PORT}/api/v1`);

async function ensureDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

/** Members 1..size (profile i has bearer bench-bearer-i), the challenge, 30 days of summaries, scored by the product. */
async function seed(pool: Pool, size: number, start: Date, today: number): Promise<{ challengeId: string; scoringSeconds: number }> {
  const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
  const admin = (await api('/token/', { method: 'POST', headers: { authorization: `Basic ${basic}` } })).access_token;
  const challenge = await api('/challenge/', {
    method: 'POST', bearer: admin,
    body: JSON.stringify({
      title: TITLE, type: 'INDIVIDUAL', goal: 'DAILY', goal_value: GOAL - 1, goal_type: 'STEPS', repetition: REPETITION.replace(/_/g, ' '),
      start: start.toISOString(), end: new Date(today + 2 * DAY_MS).toISOString(),
    }),
  });
  const [{ app_id: appId }] = (await pool.query('SELECT app_id FROM challenge WHERE id = $1', [challenge.public_id])).rows;
  await pool.query('SELECT setseed(0.42)');
  await pool.query(
    `INSERT INTO profile (app_id, id, name, gender, reference, bearer_digest, total_points, created_at)
     SELECT $1, gen_random_uuid(), 'Member ' || i, NULL, '', encode(sha256(convert_to('bench-bearer-' || i, 'UTF8')), 'hex'), 0, now()
     FROM generate_series(1, $2) AS i`,
    [appId, size],
  );
  await pool.query(
    `INSERT INTO challenge_member (app_id, challenge_id, profile_id, team_id, joined_at, inactive_intervals, is_active)
     SELECT $1, $2, id, NULL, $3, '[]', true FROM profile WHERE app_id = $1`,
    [appId, challenge.public_id, start],
  );
  // random() in the inner select list runs once per row (a LATERAL subquery would not).
  await pool.query(
    `INSERT INTO health_record (app_id, profile_id, type, subtype, source, external_id, time, data)
     SELECT $1, s.id, 'daily_summary', '', 'GARMIN', 'bench-' || s.day::date, s.day,
            jsonb_build_object('date', to_char(s.day AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'steps', s.steps, 'distance', s.steps * 0.75,
                               'calories', 1800 + s.steps / 20, 'active_duration', '01:00:00.000000')
     FROM (SELECT p.id, d.day, (2000 + floor(random() * 14000))::int AS steps, random() AS present
           FROM profile p CROSS JOIN generate_series($2::timestamptz, $3::timestamptz, interval '1 day') AS d(day)
           WHERE p.app_id = $1) AS s
     WHERE s.present < 0.9`,
    [appId, start, new Date(today - DAY_MS)],
  );
  await pool.query('ANALYZE');
  const t = performance.now();
  await api(`/challenge/${challenge.public_id}/`, { method: 'PATCH', bearer: admin, body: JSON.stringify({ goal_value: GOAL }) });
  await jobsDone(pool, 200);
  return { challengeId: challenge.public_id, scoringSeconds: round((performance.now() - t) / 1000) };
}

/** Every member's score of period DATE_RANGE, computed afresh from the raw records (not from stored scores). */
async function freshScores(pool: Pool, challengeId: string, start: Date): Promise<Map<string, number>> {
  const day = new Date(start.getTime() + DATE_RANGE * DAY_MS);
  const daily = `SELECT h.profile_id, ((h.time AT TIME ZONE 'UTC')::date - ($2::timestamptz AT TIME ZONE 'UTC')::date) AS idx, (h.data->>'steps')::double precision AS steps
    FROM health_record h JOIN challenge_member m ON m.app_id = h.app_id AND m.profile_id = h.profile_id AND m.challenge_id = $1
    WHERE h.type = 'daily_summary' AND h.time >= $2 AND h.time <= $3`;
  const sql =
    REPETITION === 'NONE'
      ? `WITH d AS (${daily}) SELECT m.profile_id, coalesce(max(d.steps), 0) AS score FROM challenge_member m
         LEFT JOIN d ON d.profile_id = m.profile_id AND d.idx = ${DATE_RANGE} WHERE m.challenge_id = $1 GROUP BY m.profile_id`
      : REPETITION === 'STICK_TO_IT'
        ? `WITH d AS (${daily}) SELECT m.profile_id, count(d.idx) FILTER (WHERE d.steps >= ${GOAL}) AS score FROM challenge_member m
           LEFT JOIN d ON d.profile_id = m.profile_id WHERE m.challenge_id = $1 GROUP BY m.profile_id`
        : `WITH d AS (${daily}), hit AS (SELECT profile_id, idx - row_number() OVER (PARTITION BY profile_id ORDER BY idx) AS island
             FROM d WHERE steps >= ${GOAL}),
           runs AS (SELECT profile_id, count(*) AS len FROM hit GROUP BY profile_id, island)
           SELECT m.profile_id, coalesce(max(r.len), 0) AS score FROM challenge_member m LEFT JOIN runs r ON r.profile_id = m.profile_id
           WHERE m.challenge_id = $1 GROUP BY m.profile_id`;
  const rows = (await pool.query(sql, [challengeId, start, day])).rows;
  return new Map(rows.map((row) => [row.profile_id as string, Number(row.score)]));
}

/** Checks `sampled` requesters' answers against the fresh scores; answers the mismatches (none expected). */
async function check(path: string, bearers: readonly string[], profiles: readonly string[], fresh: Map<string, number>): Promise<string[]> {
  const scores = [...fresh.values()].sort((a, b) => b - a);
  const rankOf = (score: number) => 1 + scores.findIndex((s) => s === score);
  const problems: string[] = [];
  const step = Math.max(1, Math.floor(bearers.length / 50));
  for (let i = 0; i < bearers.length; i += step) {
    const answer = await api(path, { bearer: bearers[i] });
    if (answer.count !== fresh.size) problems.push(`count ${answer.count} != ${fresh.size}`);
    answer.results.forEach((entry: { rank: number; score: number; profile: { public_id: string } }, k: number) => {
      if (entry.score !== scores[k]) problems.push(`position ${k}: score ${entry.score} != ${scores[k]}`);
      if (entry.score !== fresh.get(entry.profile.public_id)) problems.push(`${entry.profile.public_id}: score ${entry.score} != ${fresh.get(entry.profile.public_id)}`);
      if (entry.rank !== rankOf(entry.score)) problems.push(`position ${k}: rank ${entry.rank} != ${rankOf(entry.score)}`);
    });
    const own = fresh.get(profiles[i]) as number;
    if (answer.requester?.profile?.public_id !== profiles[i] || answer.requester.score !== own || answer.requester.rank !== rankOf(own)) {
      problems.push(`requester ${profiles[i]}: ${JSON.stringify(answer.requester)} (expected score ${own}, rank ${rankOf(own)})`);
    }
  }
  return problems;
}

async function benchSize(size: number): Promise<Record<string, unknown>> {
  const database = `${process.env.BENCH_DATABASE_PREFIX ?? 'strive_bench_board'}_${size}${REPETITION === 'NONE' ? '' : `_${REPETITION.toLowerCase()}`}`;
  const url = `postgres://postgres@127.0.0.1:5432/${database}`;
  await ensureDatabase(database);
  const pool = new Pool({ connectionString: url, max: 4 });
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const start = new Date(today - 30 * DAY_MS);
  const existing = process.env.BENCH_REUSE === '1'
    ? await pool.query('SELECT id, start FROM challenge WHERE title = $1', [TITLE]).then((r) => r.rows[0], () => undefined)
    : undefined;
  const reused = existing !== undefined && new Date(existing.start).getTime() === start.getTime();
  if (!reused) {
    await pool.query('DROP SCHEMA IF EXISTS public CASCADE');
    await pool.query('CREATE SCHEMA public');
  }
  const server = startApi(url);
  await waitReady();
  const setup = reused ? { challengeId: existing.id as string, scoringSeconds: null } : await seed(pool, size, start, today);
  log('data ready', { size, reused, ...setup, apiMaxRssMb: server.maxRssMb() });

  // Requesters: BENCH_REQUESTERS distinct members spread over the whole ranking.
  const count = Math.min(REQUESTERS, size);
  const numbers = Array.from({ length: count }, (_, k) => 1 + Math.floor((k * size) / count));
  const people: [string, string, string][] = (
    await pool.query(
      `SELECT 'bench-bearer-' || n AS bearer, p.id, p.name FROM unnest($1::int[]) AS n
       JOIN profile p ON p.name = 'Member ' || n ORDER BY n`,
      [numbers],
    )
  ).rows.map((row) => [row.bearer, row.id, row.name]);
  const bearers = people.map(([bearer]) => bearer);
  const path = `/challenge/${setup.challengeId}/leaderboard/?date_range=${DATE_RANGE}&limit=${PAGE}`;

  const fresh = await freshScores(pool, setup.challengeId, start);
  const first = performance.now();
  await api(path, { bearer: bearers[0] });
  const firstMs = round(performance.now() - first);
  const problems = await check(path, bearers, people.map(([, id]) => id), fresh);
  log('answers against a fresh computation from the raw records', { checked: Math.ceil(bearers.length / Math.max(1, Math.floor(bearers.length / 50))), problems: problems.slice(0, 5), mismatches: problems.length });

  const body = JSON.stringify(await api(path, { bearer: bearers[0] }));

  // Anchor 1: the same ranking in a Redis sorted set (the fresh scores), behind node:http.
  const redis = new Redis({ host: '127.0.0.1', port: 6379 });
  const key = `strive-bench:board:${size}`;
  await redis.del(key);
  const entries = [...fresh];
  for (let i = 0; i < entries.length; i += 10_000) {
    await redis.zadd(key, ...entries.slice(i, i + 10_000).flatMap(([id, score]) => [score, id]));
  }
  const redisMemoryMb = round(Number(await redis.memory('USAGE', key)) / 2 ** 20);
  const dir = mkdtempSync(join(tmpdir(), 'strive-bench-'));
  writeFileSync(join(dir, 'people.json'), JSON.stringify(people));
  writeFileSync(join(dir, 'body.json'), body);
  const front = await startAnchor('redis-leaderboard.server.ts', { ANCHOR_PORT: String(REDIS_PORT), ANCHOR_KEY: key, ANCHOR_PEOPLE: join(dir, 'people.json') });
  // Anchor 2: a bare node:http server sending Strive's page as it is.
  const bare = await startAnchor('bare-page.server.ts', { ANCHOR_PORT: String(BARE_PORT), ANCHOR_BODY: join(dir, 'body.json') });

  const target = (name: string, port: number, targetPath: string, pid: number | undefined): Target =>
    ({ name, port, path: targetPath, pid: pid as number, latencies: [], non2xx: 0, errors: 0, cpuSeconds: 0, seconds: 0 });
  const loads = await measure([
    target('strive', API_PORT, `/api/v1${path}`, server.child.pid),
    target('redis', REDIS_PORT, `/?limit=${PAGE}&offset=0`, front.child.pid),
    target('bare', BARE_PORT, '/', bare.child.pid),
  ], bearers);
  const { strive, redis: anchor, bare: ceiling } = loads;
  const apiMaxRssMb = server.maxRssMb();
  log('Strive leaderboard/', { ...strive, apiMaxRssMb });
  log('Redis sorted set behind node:http', { ...anchor, redisMemoryMb });
  log('bare node:http, precomputed page', ceiling);
  await Promise.all([server.stop(), front.stop(), bare.stop()]);
  await redis.del(key);
  await redis.quit();
  await pool.end();

  return {
    members: size, requesters: bearers.length, repetition: REPETITION, firstRequestMs: firstMs, mismatches: problems.length,
    strive, redis: anchor, bare: ceiling, ratioToRedis: round(strive.rps / anchor.rps), ratioToBare: round(strive.rps / ceiling.rps),
    apiMaxRssMb, redisMemoryMb, scoringSeconds: setup.scoringSeconds,
  };
}

async function main(): Promise<void> {
  const rows = [];
  for (const size of SIZES) rows.push(await benchSize(size));
  log('summary', rows);
  console.log('\n| members | Strive req/s | p50 / p95 / p99 ms | Redis req/s | p50 / p95 / p99 ms | bare req/s | Strive / Redis | server CPU us/request: Strive, Redis front, bare | API max RSS MB | mismatches |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows as any[]) {
    console.log(
      `| ${row.members.toLocaleString('en')} | ${row.strive.rps.toLocaleString('en')} | ${row.strive.p50} / ${row.strive.p95} / ${row.strive.p99} | ` +
        `${row.redis.rps.toLocaleString('en')} | ${row.redis.p50} / ${row.redis.p95} / ${row.redis.p99} | ${row.bare.rps.toLocaleString('en')} | ` +
        `${row.ratioToRedis}x | ${row.strive.serverCpuUsPerRequest}, ${row.redis.serverCpuUsPerRequest}, ${row.bare.serverCpuUsPerRequest} | ${row.apiMaxRssMb} | ${row.mismatches} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
