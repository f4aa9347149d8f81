/**
 * Data platform benchmark (issue 4), against the machine's PostgreSQL:
 *  1. ingest 100,000 workout + daily summary records through POST profile/{id}/data/ in
 *     batches of 500 (250 of each type), one request after the other, then with 4 in flight
 *     (BENCH_CONCURRENCY, default "1,4"); then the same rows with plain multi-row INSERTs
 *     through `pg` (500 rows per statement, same concurrency) into the emptied table:
 *     records/s of both and their ratio (goal >= 0.5);
 *  2. one profile with 50,000 workouts: latency of 100-record pages of workout/ while walking
 *     every page with the api-results-next cursors (p50/p95/p99, goal p95 < 20 ms).
 *
 * The API runs as its own process (the built server, as deployed: `npm run build` first), with
 * LOG_LEVEL=warn; the load generator and the plain-INSERT baseline run in this process.
 *
 * Run (the database is emptied first):
 *   createdb -h 127.0.0.1 -U postgres strive_bench_data
 *   npm run build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/strive_bench_data \
 *     npx ts-node -r tsconfig-paths/register bench/data-platform.bench.ts
 */
import { ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool } from 'pg';
import { killedOnExit } from './support/child-processes';
import { mulberry32 } from './support/mulberry32';
import { recordInsert } from './support/record-insert';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_data';
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const BATCH = 500;
const PER_PROFILE = 1_000; // 500 workouts + 500 daily summaries per profile
// Requests (and plain INSERT statements) in flight; each level is a separate round on an emptied database.
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const READ_WORKOUTS = Number(process.env.BENCH_READ_WORKOUTS ?? 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
// Extra node flags for the API process, e.g. BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
const API_NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const CLIENT_ID = 'bench-client';
const CLIENT_SECRET = 'bench-secret-0123456789';

const random = mulberry32(42);
const DAY_MS = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const pad = (n: number) => String(n).padStart(2, '0');
const duration = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}.000000`;

/** The records of one profile's k-th batch: 250 workouts and 250 daily summaries. */
function batch(k: number) {
  const half = BATCH / 2;
  const workout = Array.from({ length: half }, (_, i) => {
    const n = k * half + i;
    const seconds = 900 + Math.floor(random() * 5400);
    return {
      external_id: `w-${n}`,
      timestamp: new Date(START + n * DAY_MS + 7 * 3_600_000).toISOString(),
      duration: duration(seconds),
      type: random() < 0.5 ? 'RUNNING' : 'CYCLING',
      is_manual: false,
      distance: Math.round(seconds * (2 + random() * 4)),
      steps: Math.floor(seconds * 2.5),
      calories: Math.round(seconds * 0.2),
      heart_rate_summary: { average: 140, min: 90, max: 175 },
    };
  });
  const daily_summary = Array.from({ length: half }, (_, i) => {
    const n = k * half + i;
    return {
      external_id: `d-${n}`,
      date: new Date(START + n * DAY_MS).toISOString().slice(0, 10),
      distance: Math.round(random() * 15_000),
      steps: Math.floor(random() * 20_000),
      calories: Math.round(1800 + random() * 1200),
      active_duration: duration(Math.floor(random() * 7200)),
    };
  });
  return { source: 'GARMIN', workout, daily_summary };
}

async function resetDatabase(): Promise<void> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  await client.end();
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measureAt(concurrency: number): Promise<unknown> {
  await resetDatabase();
  const server: ChildProcess = killedOnExit(spawn(process.execPath, [...API_NODE_ARGS, 'dist/apps/api/src/main.js'], {
    env: {
      ...process.env, DATABASE_URL, PORT: String(PORT), BOOTSTRAP_CLIENT_ID: CLIENT_ID, BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DEMO_APP: 'false',
      // The load generator is one client with one bearer: the service's rate limits would refuse it.
      RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000', RATE_LIMIT_TOKEN_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  for (let i = 0; ; i++) {
    const ready = await fetch(`http://127.0.0.1:${PORT}/health`).then((r) => r.ok, () => false);
    if (ready) break;
    if (i > 300) throw new Error('the API did not start');
    await sleep(100);
  }
  const base = `http://127.0.0.1:${PORT}/api/v1`;

  const token = await fetch(`${base}/token/`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` },
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const auth = { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' };
  const createProfile = async (name: string) =>
    (await fetch(`${base}/profile/`, { method: 'POST', headers: auth, body: JSON.stringify({ name }) }).then((r) => r.json())) as { public_id: string };

  // 1. Ingestion. Bodies are generated before timing.
  const profiles = await Promise.all(Array.from({ length: RECORDS / PER_PROFILE }, (_, i) => createProfile(`bench-${i}`)));
  const jobs = profiles.flatMap((profile) =>
    Array.from({ length: PER_PROFILE / BATCH }, (_, k) => ({ profile: profile.public_id, body: JSON.stringify(batch(k)) })),
  );
  const httpStart = performance.now();
  await inParallel(jobs, concurrency, async (job) => {
    const response = await fetch(`${base}/profile/${job.profile}/data/`, { method: 'POST', headers: auth, body: job.body });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  const httpMs = performance.now() - httpStart;

  // The same rows through plain multi-row INSERTs, into the emptied table.
  const pool = new Pool({ connectionString: DATABASE_URL, max: concurrency });
  const [{ app_id: appId }] = (await pool.query('SELECT app_id FROM profile LIMIT 1')).rows;
  const rows = (await pool.query(
    'SELECT profile_id, type, subtype, source, external_id, time, end_time, data::text AS data FROM health_record',
  )).rows as Record<string, unknown>[];
  await pool.query('TRUNCATE health_record');
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) chunks.push(rows.slice(i, i + BATCH));
  const pgStart = performance.now();
  await inParallel(chunks, concurrency, async (chunk) => {
    const { text, values } = recordInsert('health_record', appId, chunk);
    await pool.query(text, values);
  });
  const pgMs = performance.now() - pgStart;

  // 2. Pages of a profile with READ_WORKOUTS workouts (seeded with SQL: the read is what is timed).
  const reader = await createProfile('bench-reader');
  await pool.query(
    `INSERT INTO health_record (app_id, profile_id, type, subtype, source, external_id, time, end_time, data)
     SELECT $1, $2, 'workout', '', 'GARMIN', 'r-' || n, t, t + interval '45 minutes',
       jsonb_build_object('timestamp', to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'duration', '00:45:00.000000',
         'type', 'RUNNING', 'is_manual', false, 'name', null, 'distance', 8000 + n % 1000, 'steps', 7000, 'calories', 500,
         'elevation_gain', null, 'heart_rate_summary', null, 'heart_rate_samples', null)
     FROM generate_series(1, $3::int) AS n, LATERAL (SELECT timestamptz '2010-01-01' + n * interval '3 hours' AS t) AS s`,
    [appId, reader.public_id, READ_WORKOUTS],
  );
  await pool.query('ANALYZE health_record');
  const latencies: number[] = [];
  for (let round = 0; round < 2; round++) {
    let url: string | null = `${base}/profile/${reader.public_id}/workout/?page_size=100`;
    let pages = 0;
    while (url) {
      const started = performance.now();
      const response: Response = await fetch(url, { headers: auth });
      const body = (await response.json()) as unknown[];
      if (round > 0 || pages >= 10) latencies.push(performance.now() - started); // first pages of the first round warm up
      if (response.status !== 200 || body.length === 0) throw new Error(`page answered ${response.status}`);
      url = response.headers.get('api-results-next');
      pages++;
    }
  }
  latencies.sort((a, b) => a - b);
  await pool.end();
  server.kill('SIGTERM');

  const httpRate = RECORDS / (httpMs / 1000);
  const pgRate = RECORDS / (pgMs / 1000);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  await new Promise((resolve) => server.once('exit', resolve));
  return {
    ingest: {
      records: RECORDS, batch: BATCH, concurrency,
      http: { ms: Math.round(httpMs), recordsPerSecond: Math.round(httpRate) },
      plainInsert: { ms: Math.round(pgMs), recordsPerSecond: Math.round(pgRate) },
      ratio: Math.round((httpRate / pgRate) * 100) / 100,
    },
    workoutPage: {
      workouts: READ_WORKOUTS, pageSize: 100, requests: latencies.length,
      p50: round1(percentile(latencies, 50)), p95: round1(percentile(latencies, 95)), p99: round1(percentile(latencies, 99)),
    },
  };
}

async function main(): Promise<void> {
  const results = [];
  for (const concurrency of CONCURRENCIES) results.push(await measureAt(concurrency));
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
