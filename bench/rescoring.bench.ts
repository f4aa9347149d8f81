/**
 * Rescoring benchmark (issue 15, item 4), on the machine's PostgreSQL (docs/benchmarks.md
 * "Rescoring (issue 15)").
 *
 * Run: npm run build && npx ts-node -r tsconfig-paths/register bench/rescoring.bench.ts
 * Needs: createdb -h 127.0.0.1 -U postgres strive_bench_scoring (BENCH_DATABASE_URL overrides).
 *
 * For each size of BENCH_SIZES (default 1000,10000,100000) one INDIVIDUAL DAILY 10,000-steps
 * challenge over the last 30 UTC days and the next 2 gets that many members (profiles, members
 * and about 9 daily summaries in 10 per member and day, inserted with SQL; kept between runs
 * unless BENCH_FRESH=1: a size whose challenge exists is reused). The challenges share one app:
 * once the 100,000 exist, a smaller challenge holds a few of the app's profiles, whose other
 * profiles' ids lie between its members' (run 100000 first, then 1000,10000, to measure that
 * case on new data). Then, per size:
 *  1. whole challenge: a PATCH of goal_value asks for the challenge.rescore job, which the API
 *     process runs (RescoreChallengeMembersUseCase over 30 periods x every member); timed from the
 *     PATCH until the job is done. Meanwhile BENCH_READERS (default 4) clients request the
 *     challenge's leaderboard/ (the last full day, a page of 20 plus the requester's rank) one
 *     request after the other (BENCH_READER_INTERVAL_MS=n: one every n ms each, so that they measure
 *     the wait without adding a load of their own: back to back, one reader takes a core's worth of
 *     the web process and the database on a 2-core machine): p50/p95 of those, and of the same
 *     clients for 5 s before the PATCH; with the CPU seconds of the API processes and of PostgreSQL
 *     and the write-ahead log written meanwhile.
 *  2. one more day: today's summary for every member inserted with SQL, then (after VACUUM ANALYZE
 *     and a CHECKPOINT) that day rescored for every member with the same use case in an application
 *     context of this process, built from the same compiled code as the API (BENCH_DIST, default
 *     ./dist); with the CPU seconds of this process (the day's JavaScript) and of PostgreSQL, and
 *     the write-ahead log written meanwhile (records, full-page images, MB).
 *  3. checks: a sample of members' stored scores of one day against the steps in health_record.
 *
 * BENCH_SPLIT=1: the readers ask a web-only API process (JOBS_ENABLED=false) and the job runs in a
 * second API process (JOBS_ENABLED=true, port + 1), as README "Configuration" describes a deployment
 * whose web replicas do not run jobs.
 * BENCH_SKIP_WHOLE=1 measures the one more day only.
 * BENCH_PROFILE_DIR=dir: the whole-challenge rescore runs in this process too (not through the
 * job, no readers) and both rescores are recorded as CPU profiles (node:inspector) in dir.
 * BENCH_DIST=/path/to/other/dist runs another build (e.g. the code before a change).
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Pool } from 'pg';
import { apiClient } from './support/api-client';
import { killedOnExit } from './support/child-processes';
import { jobsDone } from './support/jobs-done';
import { postgresCpuMs, processCpuMs } from './support/process-cpu';

const ROOT = join(__dirname, '..');
const DIST = resolve(process.env.BENCH_DIST ?? join(ROOT, 'dist'));
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_scoring';
const PORT = Number(process.env.BENCH_PORT ?? 3971);
const BASE = `http://127.0.0.1:${PORT}`;
const READERS = Number(process.env.BENCH_READERS ?? 4);
/** Each reader's pace: a request begun at most every this many ms (0: back to back, a load of its own). */
const READER_INTERVAL_MS = Number(process.env.BENCH_READER_INTERVAL_MS ?? 0);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const SPLIT = process.env.BENCH_SPLIT === '1';
const CLIENT = { id: 'bench-client', secret: 'bench-secret-0123456789' };
const DAY_MS = 86_400_000;

const round = (value: number) => Math.round(value * 100) / 100;
const log = (message: string, data?: unknown) =>
  console.log(`[${new Date().toISOString()}] ${message}`, data === undefined ? '' : JSON.stringify(data));
const load = () => loadavg().map(round).join(' ');
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
  return { n: sorted.length, p50: at(50), p95: at(95), max: round(sorted[sorted.length - 1] ?? NaN) };
}

const api = apiClient(BASE);

/** An API process on `port`; `jobs`: whether it runs the job runner (JOBS_ENABLED). */
function startApi(port: number, jobs: boolean) {
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = killedOnExit(spawn(process.execPath, [`--max-old-space-size=${process.env.BENCH_API_HEAP_MB ?? 192}`, ...extra, join(DIST, 'apps/api/src/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: URL, PORT: String(port), LOG_LEVEL: 'warn', DEMO_APP: 'false', JOBS_ENABLED: String(jobs), JOBS_POLL_INTERVAL_MS: '100',
      BOOTSTRAP_CLIENT_ID: CLIENT.id, BOOTSTRAP_CLIENT_SECRET: CLIENT.secret, BOOTSTRAP_APP_NAME: 'Bench',
      RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000', RATE_LIMIT_TOKEN_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`the API exited (${code ?? signal}) during the run`);
      process.exit(1);
    }
  });
  let stopping = false;
  return {
    pid: child.pid as number,
    stop: async () => {
      stopping = true;
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    },
  };
}

async function waitReady(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/health`).then((r) => r.status === 200, () => false)) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('API not ready');
}

/** Today's (or any UTC days') summaries of every member of the challenge (a re-run replaces them). */
function insertDays(pool: Pool, appId: string, challengeId: string, first: number, last: number) {
  return pool.query(
    `INSERT INTO health_record (app_id, profile_id, type, subtype, source, external_id, time, data)
     SELECT $1, s.profile_id, 'daily_summary', '', 'GARMIN', 'bench-' || s.day::date, s.day,
            jsonb_build_object('date', to_char(s.day AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'steps', s.steps, 'distance', s.steps * 0.75,
                               'calories', 1800 + s.steps / 20, 'active_duration', '01:00:00.000000')
     FROM (SELECT m.profile_id, d.day, (2000 + floor(random() * 14000))::int AS steps, random() AS present
           FROM challenge_member m CROSS JOIN generate_series($3::timestamptz, $4::timestamptz, interval '1 day') AS d(day)
           WHERE m.app_id = $1 AND m.challenge_id = $2) AS s
     WHERE s.present < 0.9
     ON CONFLICT (app_id, profile_id, type, source, external_id) DO UPDATE SET data = EXCLUDED.data`,
    [appId, challengeId, new Date(first), new Date(last)],
  );
}

interface WalPosition {
  records: number;
  fullPages: number;
  bytes: number;
}

/**
 * The server's write-ahead log so far, of every database (a quiet server is assumed): its position
 * (bytes, exact) and pg_stat_wal's counts of records and full-page images, which backends report
 * at most once a second (a run of under a few seconds shows too few).
 */
async function walWritten(pool: Pool): Promise<WalPosition> {
  const [row] = (await pool.query(
    "SELECT wal_records::float8 AS records, wal_fpi::float8 AS full_pages, pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS bytes FROM pg_stat_wal",
  )).rows;
  return { records: row.records, fullPages: row.full_pages, bytes: row.bytes };
}

/** What was logged between two readings of walWritten: records, full-page images (the first change of a page after a checkpoint), MB. */
function walSince(before: WalPosition, after: WalPosition) {
  return { records: after.records - before.records, fullPages: after.fullPages - before.fullPages, mb: round((after.bytes - before.bytes) / 1e6) };
}

/** READERS clients asking the leaderboard one request after another until `until` resolves. */
async function readWhile(path: string, bearer: string, until: Promise<unknown>): Promise<{ latencies: number[]; errors: number }> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!done) {
        const began = performance.now();
        try {
          await api(path, { bearer });
          latencies.push(performance.now() - began);
        } catch {
          errors++;
        }
        const rest = READER_INTERVAL_MS - (performance.now() - began);
        if (rest > 0 && !done) await new Promise((next) => setTimeout(next, rest));
      }
    }),
  );
  return { latencies, errors };
}

async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((ok, fail) => session.post(method, params ?? {}, (error, result) => (error ? fail(error) : ok(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: URL, max: 8 });
  if (process.env.BENCH_FRESH === '1') {
    await pool.query('DROP SCHEMA IF EXISTS public CASCADE');
    await pool.query('CREATE SCHEMA public');
  }
  // A job left running by an interrupted run would never finish (a dead worker's job returns after 15 minutes).
  await pool.query("DELETE FROM job WHERE status IN ('pending', 'running')").catch(() => undefined);
  // Events of earlier runs (already fanned out by their API) would only weigh on this run's fan-out.
  await pool.query('TRUNCATE challenge_event_outbox').catch(() => undefined);
  await pool.query('VACUUM ANALYZE').catch(() => undefined);
  // BENCH_SPLIT=1: the readers' API is a web-only replica and the jobs run in a process of their own.
  const servers = SPLIT ? [startApi(PORT, false), startApi(PORT + 1, true)] : [startApi(PORT, true)];
  await waitReady(BASE);
  if (SPLIT) await waitReady(`http://127.0.0.1:${PORT + 1}`);
  log('machine', { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version, dist: DIST, load: load(), readers: READERS, readerIntervalMs: READER_INTERVAL_MS });
  const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
  const admin = (await api('/api/v1/token/', { method: 'POST', headers: { authorization: `Basic ${basic}` } })).access_token;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const start = new Date(today - 30 * DAY_MS);

  // The application context of this process (one-more-day, profiled runs), from the same build as the API.
  process.env.DATABASE_URL = URL;
  process.env.LOG_LEVEL = 'warn';
  process.env.JOBS_ENABLED = 'false';
  const { NestFactory } = require('@nestjs/core');
  const { AppModule } = require(join(DIST, 'apps/api/src/app.module'));
  const { RescoreChallengeMembersUseCase } = require(join(DIST, 'libs/domain/src'));
  const { CHALLENGE_REPOSITORY } = require(join(DIST, 'apps/api/src/system/tokens'));
  const context = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const rescorer = context.get(RescoreChallengeMembersUseCase);
  const challenges = context.get(CHALLENGE_REPOSITORY);

  const summary: unknown[] = [];
  for (const size of SIZES) {
    const title = `Rescore bench ${size}`;
    let row = (await pool.query('SELECT id, app_id, goal_value FROM challenge WHERE title = $1', [title])).rows[0];
    let requester: { public_id: string; bearer: string };
    if (!row) {
      const t = performance.now();
      const challenge = await api('/api/v1/challenge/', {
        method: 'POST', bearer: admin,
        body: JSON.stringify({ title, type: 'INDIVIDUAL', goal: 'DAILY', goal_value: 10000, goal_type: 'STEPS', start: start.toISOString(), end: new Date(today + 2 * DAY_MS).toISOString() }),
      });
      requester = await api('/api/v1/profile/', { method: 'POST', bearer: admin, body: JSON.stringify({ name: `Requester ${size}`, reference: `requester-${size}` }) });
      row = (await pool.query('SELECT id, app_id, goal_value FROM challenge WHERE id = $1', [challenge.public_id])).rows[0];
      await pool.query(
        `INSERT INTO profile (app_id, id, name, gender, reference, bearer_digest, total_points, created_at)
         SELECT $1, gen_random_uuid(), 'Member ' || i, NULL, $3, md5($3 || i), 0, now() FROM generate_series(2, $2::int) AS i`,
        [row.app_id, size, `bench-${size}`],
      );
      await pool.query(
        `INSERT INTO challenge_member (app_id, challenge_id, profile_id, team_id, joined_at, inactive_intervals, is_active)
         SELECT $1, $2, id, NULL, $3, '[]', true FROM profile WHERE app_id = $1 AND (reference = $4 OR id = $5)`,
        [row.app_id, row.id, start, `bench-${size}`, requester.public_id],
      );
      await insertDays(pool, row.app_id, row.id, start.getTime(), today - DAY_MS);
      // What autovacuum (on by default; off on this machine's PostgreSQL) does after bulk inserts:
      // statistics, and the visibility map that lets the score upsert's check of its profiles read
      // the profile index only (with none set, it fetched a heap page per member: 520 of a one-day
      // batch's 750 page reads; docs/benchmarks.md "Twenty-eighth session").
      await pool.query('VACUUM ANALYZE');
      await pool.query('INSERT INTO bench_requester (size, profile_id, bearer) VALUES ($1, $2, $3)', [size, requester.public_id, requester.bearer])
        .catch(async () => {
          await pool.query('CREATE TABLE IF NOT EXISTS bench_requester (size int PRIMARY KEY, profile_id uuid, bearer text)');
          await pool.query('INSERT INTO bench_requester (size, profile_id, bearer) VALUES ($1, $2, $3)', [size, requester.public_id, requester.bearer]);
        });
      log('data inserted', { size, seconds: round((performance.now() - t) / 1000) });
    } else {
      const stored = (await pool.query('SELECT profile_id, bearer FROM bench_requester WHERE size = $1', [size])).rows[0];
      requester = { public_id: stored.profile_id, bearer: stored.bearer };
    }
    const challengeId: string = row.id;
    const appId: string = row.app_id;
    const path = `/api/v1/challenge/${challengeId}/leaderboard/?date_range=29&limit=20`;

    // ---- 1. the whole challenge after a rule change ----
    // From no stored scores and no events (the first scoring: every period written, every threshold
    // event announced), so that every run does the same work; BENCH_KEEP_SCORES=1 rescores over them.
    if (process.env.BENCH_KEEP_SCORES !== '1' && process.env.BENCH_SKIP_WHOLE !== '1') {
      await pool.query('DELETE FROM member_period_score WHERE app_id = $1 AND challenge_id = $2', [appId, challengeId]);
      // The members' sums of their stored scores go with them (as TypeOrmScoreRepository.deleteForChallenge
      // does; a build from before MemberTotals, run with BENCH_DIST, has no such columns).
      await pool.query(
        `UPDATE challenge_member SET total_distance = 0, total_steps = 0, total_calories = 0, total_duration_seconds = 0, total_points = 0
         WHERE app_id = $1 AND challenge_id = $2`,
        [appId, challengeId],
      ).catch(() => undefined);
      await pool.query('DELETE FROM challenge_event_outbox WHERE app_id = $1 AND challenge_id = $2', [appId, challengeId]);
      await pool.query('VACUUM ANALYZE member_period_score');
    }
    // What the planner will believe of the scores table: after the DELETE, a VACUUM that could not
    // truncate the emptied pages leaves relpages > 0 with reltuples 0, and the planner then took the
    // (challenge_id, period_index) index, gone since, for key probes (docs/benchmarks.md "Eighth session").
    const [scoresTable] = (await pool.query("SELECT relpages, reltuples FROM pg_class WHERE relname = 'member_period_score'")).rows;
    const goal = Number(row.goal_value) === 10000 ? 10001 : 10000;
    let whole: Record<string, unknown>;
    if (process.env.BENCH_SKIP_WHOLE === '1') {
      whole = { skipped: true };
    } else if (PROFILE_DIR) {
      await pool.query('UPDATE challenge SET goal_value = $2 WHERE id = $1', [challengeId, goal]);
      const challenge = await challenges.findById(appId, challengeId);
      const t = performance.now();
      await profiled(`whole-${size}`, () => rescorer.execute({ challenge }));
      whole = { seconds: round((performance.now() - t) / 1000), inProcess: true };
    } else {
      await api(path, { bearer: requester.bearer }); // rank cached
      const idle = await readWhile(path, requester.bearer, new Promise((done) => setTimeout(done, 5_000)));
      const loadBefore = load();
      const apiCpuMs = () => servers.reduce((sum, server) => sum + processCpuMs(server.pid), 0);
      const [apiCpu, postgresCpu, walBefore] = [apiCpuMs(), postgresCpuMs(), await walWritten(pool)];
      const t = performance.now();
      await api(`/api/v1/challenge/${challengeId}/`, { method: 'PATCH', bearer: admin, body: JSON.stringify({ goal_value: goal }) });
      const finished = jobsDone(pool);
      const during = await readWhile(path, requester.bearer, finished);
      await finished; // with BENCH_READERS=0 nobody else waits for the job
      whole = {
        seconds: round((performance.now() - t) / 1000), load: loadBefore,
        // CPU seconds of the API processes (the job's, and the readers' board patches) and of PostgreSQL, readers' requests included.
        cpu: { api: round((apiCpuMs() - apiCpu) / 1000), postgres: round((postgresCpuMs() - postgresCpu) / 1000) },
        wal: walSince(walBefore, await walWritten(pool)),
        leaderboardIdle: { ...stats(idle.latencies), errors: idle.errors },
        leaderboardDuring: { ...stats(during.latencies), errors: during.errors },
      };
    }
    log('whole challenge rescored (30 periods x members)', { size, ...whole, scoresTableBefore: scoresTable });

    // ---- 2. one more day ----
    let t = performance.now();
    await insertDays(pool, appId, challengeId, today, today);
    const insertSeconds = round((performance.now() - t) / 1000);
    // Dead rows of earlier runs (deleted scores, replaced summaries) out of the indexes, and what
    // the whole challenge and that VACUUM wrote flushed to disk: every run starts alike, alone or
    // right after the whole challenge (without the CHECKPOINT the day ran during the flush of the
    // whole challenge's writes, 1.0 s longer; docs/benchmarks.md "Twenty-second session").
    await pool.query('VACUUM ANALYZE member_period_score, health_record');
    await pool.query('CHECKPOINT');
    const challenge = await challenges.findById(appId, challengeId);
    const loadBefore = load();
    const [jsCpu, postgresCpu, walBefore] = [process.cpuUsage(), postgresCpuMs(), await walWritten(pool)];
    t = performance.now();
    const members = await profiled(`day-${size}`, () => rescorer.execute({ challenge, from: new Date(today), to: new Date(today + DAY_MS) }));
    const daySeconds = round((performance.now() - t) / 1000);
    const used = process.cpuUsage(jsCpu);
    // CPU seconds of this process (the day's JavaScript) and of every PostgreSQL process while it ran.
    const cpu = { js: round((used.user + used.system) / 1e6), postgres: round((postgresCpuMs() - postgresCpu) / 1000) };
    const wal = walSince(walBefore, await walWritten(pool));
    log('one more day rescored', { size, members, insertSeconds, seconds: daySeconds, cpu, wal, load: loadBefore });

    // ---- 3. scores as SQL computes them from the records (today, 200 members; a member without a summary today may have no row: no row reads as 0) ----
    const check = await pool.query(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE coalesce(s.progress, 0) IS DISTINCT FROM coalesce(h.steps, 0)
                                  OR coalesce(s.goal_reached, false) IS DISTINCT FROM (coalesce(h.steps, 0) >= c.goal_value))::int AS wrong,
              count(*) FILTER (WHERE s.app_id IS NULL)::int AS without_row
       FROM (SELECT profile_id FROM challenge_member WHERE challenge_id = $1 ORDER BY profile_id LIMIT 200) m
       JOIN challenge c ON c.id = $1
       LEFT JOIN member_period_score s ON s.app_id = c.app_id AND s.challenge_id = c.id AND s.profile_id = m.profile_id AND s.period_index = 30
       LEFT JOIN LATERAL (SELECT max((data->>'steps')::float8) AS steps FROM health_record
                          WHERE app_id = c.app_id AND profile_id = m.profile_id AND type = 'daily_summary' AND time = $2) h ON true`,
      [challengeId, new Date(today)],
    );
    log('stored scores of today against the records', check.rows[0]);
    summary.push({ size, wholeSeconds: whole.seconds, oneMoreDaySeconds: daySeconds, oneMoreDayCpu: cpu, duringP95: (whole.leaderboardDuring as any)?.p95, idleP95: (whole.leaderboardIdle as any)?.p95, check: check.rows[0] });
  }
  log('summary', summary);
  await context.close();
  await Promise.all(servers.map((server) => server.stop()));
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
