/**
 * STREAK and STICK TO IT leaderboards at 100,000 members x 30 periods (docs/benchmarks.md
 * "Repetition boards (issue 15, item 2)").
 *
 * Run: npm run build && npx ts-node -r tsconfig-paths/register bench/repetition-board.bench.ts [members]
 * Needs: createdb -h 127.0.0.1 -U postgres strive_bench_streak (BENCH_DATABASE_URL overrides); the
 * database is wiped at every run. The API listens on port 3961.
 * Options (environment):
 *   BENCH_API_DIST   the built API to start (default dist; e.g. a copy of main's build to compare)
 *   BENCH_API_HEAP   --max-old-space-size of the API in MB (default 192)
 *   BENCH_API_NODE_ARGS more node flags, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
 *   BENCH_PROFILE=1  only the first leaderboard/ of each board (the ranking build), then the API
 *                    stops and the top self-time functions of its .cpuprofile are printed
 *                    (needs --cpu-prof --cpu-prof-dir=DIR in BENCH_API_NODE_ARGS)
 *   BENCH_REUSE=1    keep the data of the previous run (boards as the challenges now say: switching one to
 *                    repetition NONE with SQL compares the same rows ranked by the period's progress)
 *
 * 1. The API (a dist build) starts as its own process with a bounded heap; its resident memory is
 *    sampled every 100 ms for the whole run.
 * 2. Two INDIVIDUAL DAILY 10,000-steps challenges over the last 29 UTC days and today (30 periods),
 *    one STREAK and one STICK TO IT, each with every one of `members` profiles enrolled
 *    (profiles, members and score rows inserted with SQL). Each member's day is reached with
 *    probability 0.8 (deterministic, setseed), so runs vary. The materialized repetition state
 *    columns (when the schema has them) are computed in SQL with window functions; a sample of
 *    200 members is checked against the domain's fold (nextRepetitionState).
 * 3. Per board: the first leaderboard/?date_range=29&limit=50 (the ranking is built), then 32
 *    autocannon connections for 10 s with the requester's bearer: p50/p95/p99, req/s, API max RSS.
 * 4. The answer is checked against a fresh computation in SQL from the per-period goal_reached
 *    flags only (gaps and islands for STREAK, a count for STICK TO IT): the top 50 scores and the
 *    requester's rank (1 + members with a higher score).
 */
import 'reflect-metadata';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: object, done: (error: Error | null, result: AutocannonResult) => void) => { on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void };
interface AutocannonResult { requests: { average: number }; non2xx: number; errors: number }
import { ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { killedOnExit } from './support/child-processes';

const ROOT = join(__dirname, '..');
const MEMBERS = Number(process.argv[2] ?? 100_000);
const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_streak';
const PORT = 3961;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENT = { id: 'bench-streak-client', secret: 'bench-streak-secret-0123456789' };
const DAY_MS = 86_400_000;
const DAYS = 30;
const CONNECTIONS = 32;
const DURATION_S = 10;
const DIST = process.env.BENCH_API_DIST ?? 'dist';
const HEAP_MB = Number(process.env.BENCH_API_HEAP ?? 192);
const PROFILE = process.env.BENCH_PROFILE === '1';
const FIRST_REQUEST_TIMEOUT_MS = 300_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};
const round = (value: number) => Math.round(value * 100) / 100;
const log = (message: string, data?: unknown) => console.log(`[${new Date().toISOString()}] ${message}`, data === undefined ? '' : JSON.stringify(data));

async function api(path: string, init: RequestInit & { bearer?: string; timeoutMs?: number } = {}): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.headers as Record<string, string>) };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const response = await fetch(`${BASE}${path}`, { ...init, headers, signal: AbortSignal.timeout(init.timeoutMs ?? 60_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

interface Api {
  readonly child: ChildProcess;
  exit: { code: number | null; signal: string | null } | null;
  maxRss(): number;
  rssNow(): number;
  stop(): Promise<void>;
}

function startApi(): Api {
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = killedOnExit(spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, ...extra, join(ROOT, DIST, 'apps/api/src/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: URL, PORT: String(PORT), LOG_LEVEL: 'warn', DEMO_APP: 'false',
      BOOTSTRAP_CLIENT_ID: CLIENT.id, BOOTSTRAP_CLIENT_SECRET: CLIENT.secret, BOOTSTRAP_APP_NAME: 'Bench streak',
      RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000', RATE_LIMIT_TOKEN_MAX: '1000000',
      JOBS_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  let maxRssMb = 0;
  const rss = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return 0; // not started or gone
    }
  };
  const timer = setInterval(() => (maxRssMb = Math.max(maxRssMb, rss())), 100);
  const server: Api = {
    child,
    exit: null,
    maxRss: () => round(maxRssMb),
    rssNow: () => round(rss()),
    stop: async () => {
      clearInterval(timer);
      if (server.exit) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  child.once('exit', (code, signal) => {
    server.exit = { code, signal };
    clearInterval(timer);
  });
  return server;
}

async function waitReady(server: Api): Promise<void> {
  // Up to 30 minutes: a first start on old data runs the migrations (the repetition state fill of 6 million rows).
  for (let i = 0; i < 18_000; i++) {
    if (server.exit) throw new Error(`API exited: ${JSON.stringify(server.exit)}`);
    try {
      if ((await fetch(`${BASE}/health`)).status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('API not ready');
}

/**
 * Score rows of every member of the challenge for the 30 days: reached with probability 0.8,
 * progress 10,000-16,000 steps when reached else 0-9,999, reached (data time) at local midnight
 * of the day (daily summaries count there). With `stateColumns`, the repetition state columns are
 * computed in SQL (gaps and islands) from the goal_reached flags of periods 0..i.
 */
async function insertScores(pool: Pool, appId: string, challengeId: string, start: Date, stateColumns: boolean): Promise<void> {
  await pool.query(
    `INSERT INTO member_period_score (app_id, challenge_id, profile_id, team_id, period_index, period_start, period_end, progress,
       goal_reached, goal_reached_at, reached_at, fired_threshold_count, total_steps, updated_at)
     SELECT $1, $2, r.profile_id, NULL, r.i, $3::timestamptz + r.i * interval '1 day', $3::timestamptz + (r.i + 1) * interval '1 day',
            r.steps, r.steps >= 10000, CASE WHEN r.steps >= 10000 THEN $3::timestamptz + r.i * interval '1 day' END,
            CASE WHEN r.steps > 0 THEN $3::timestamptz + r.i * interval '1 day' END,
            CASE WHEN r.steps >= 10000 THEN 4 ELSE 0 END, r.steps, now()
     -- random() in the select list of a subquery in FROM runs once per row (a LATERAL one may be memoized).
     FROM (SELECT m.profile_id, d.i, CASE WHEN random() < 0.8 THEN 10000 + floor(random() * 6000) ELSE floor(random() * 10000) END AS steps
           FROM challenge_member m CROSS JOIN generate_series(0, ${DAYS - 1}) AS d(i) WHERE m.challenge_id = $2) AS r`,
    [appId, challengeId, start],
  );
  if (!stateColumns) return;
  // current_run: reached periods in the island since the last miss; best_run: its running maximum,
  // best_run_at: goal_reached_at of the period where the best first reached its value (a strictly
  // longer run); reached_count and reached_count_at: the count and the last reached period's time.
  await pool.query(
    `WITH runs AS (
       SELECT profile_id, period_index, goal_reached, goal_reached_at,
              sum((NOT goal_reached)::int) OVER w AS island, sum(goal_reached::int) OVER w AS reached_count
       FROM member_period_score WHERE challenge_id = $1 WINDOW w AS (PARTITION BY profile_id ORDER BY period_index)),
     current AS (
       SELECT *, sum(goal_reached::int) OVER (PARTITION BY profile_id, island ORDER BY period_index) AS current_run FROM runs),
     best AS (
       SELECT *, max(current_run) OVER w AS best_run,
              coalesce(max(current_run) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS best_before
       FROM current WINDOW w AS (PARTITION BY profile_id ORDER BY period_index)),
     marked AS (
       SELECT *, sum((current_run > best_before)::int) OVER (PARTITION BY profile_id ORDER BY period_index) AS best_group FROM best),
     state AS (
       SELECT profile_id, period_index, current_run, best_run, reached_count,
              CASE WHEN best_group > 0 THEN first_value(goal_reached_at) OVER (PARTITION BY profile_id, best_group ORDER BY period_index) END AS best_run_at,
              CASE WHEN reached_count > 0 THEN first_value(goal_reached_at) OVER (PARTITION BY profile_id, reached_count ORDER BY period_index) END AS reached_count_at
       FROM marked)
     UPDATE member_period_score s SET current_run = t.current_run, best_run = t.best_run, best_run_at = t.best_run_at,
       reached_count = t.reached_count, reached_count_at = t.reached_count_at
     FROM state t WHERE s.challenge_id = $1 AND s.profile_id = t.profile_id AND s.period_index = t.period_index`,
    [challengeId],
  );
}

const hasStateColumns = async (pool: Pool) =>
  (await pool.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'member_period_score' AND column_name = 'best_run'`)).rowCount === 1;

/** A sample of members' stored states against the domain's fold over their stored outcomes. */
async function checkStates(pool: Pool, challengeId: string): Promise<{ members: number; rows: number; mismatches: number }> {
  const { nextRepetitionState, EMPTY_REPETITION_STATE } = await import('../libs/domain/src/challenge/repetition' as string);
  const rows = (
    await pool.query(
      `SELECT profile_id, period_index, goal_reached, goal_reached_at, current_run, best_run, best_run_at, reached_count, reached_count_at
       FROM member_period_score WHERE challenge_id = $1 AND profile_id IN (
         SELECT profile_id FROM challenge_member WHERE challenge_id = $1 ORDER BY md5(profile_id::text) LIMIT 200)
       ORDER BY profile_id, period_index`,
      [challengeId],
    )
  ).rows;
  const ms = (d: Date | null) => (d === null ? null : d.getTime());
  let mismatches = 0;
  let state = EMPTY_REPETITION_STATE;
  let member = '';
  for (const row of rows) {
    if (row.profile_id !== member) [member, state] = [row.profile_id, EMPTY_REPETITION_STATE];
    state = nextRepetitionState(state, { goalReached: row.goal_reached, goalReachedAt: row.goal_reached_at });
    const stored = [row.current_run, row.best_run, ms(row.best_run_at), row.reached_count, ms(row.reached_count_at)];
    const folded = [state.currentRun, state.bestRun, ms(state.bestRunAt), state.reachedCount, ms(state.reachedCountAt)];
    if (JSON.stringify(stored) !== JSON.stringify(folded)) mismatches++;
  }
  return { members: new Set(rows.map((row) => row.profile_id)).size, rows: rows.length, mismatches };
}

/** The board's scores computed from the goal_reached flags only: top 50 and the requester's rank. */
async function freshRanking(pool: Pool, challengeId: string, repetition: string, requester: string): Promise<{ top: number[]; rank: number; score: number }> {
  const score = repetition === 'STREAK' ? 'max(island_length)' : 'sum(island_length)';
  // NONE (a comparison run with a challenge switched to NONE): the progress of the selected period.
  const scores =
    repetition === 'NONE'
      ? `scores AS (SELECT m.profile_id, coalesce(s.progress, 0) AS score FROM challenge_member m LEFT JOIN member_period_score s
           ON s.challenge_id = m.challenge_id AND s.profile_id = m.profile_id AND s.period_index = ${DAYS - 1} WHERE m.challenge_id = $1)`
      : `scores AS (SELECT profile_id, coalesce(${score}, 0) AS score FROM islands GROUP BY profile_id)`;
  const sql = `
    WITH flags AS (
      SELECT m.profile_id, s.period_index, coalesce(s.goal_reached, false) AS reached,
             s.period_index - row_number() OVER (PARTITION BY m.profile_id, coalesce(s.goal_reached, false) ORDER BY s.period_index) AS island
      FROM challenge_member m LEFT JOIN member_period_score s
        ON s.challenge_id = m.challenge_id AND s.profile_id = m.profile_id AND s.period_index BETWEEN 0 AND ${DAYS - 1}
      WHERE m.challenge_id = $1),
    islands AS (SELECT profile_id, count(*) FILTER (WHERE reached) AS island_length FROM flags GROUP BY profile_id, reached, island),
    ${scores}
    SELECT (SELECT array_agg(score ORDER BY score DESC) FROM (SELECT score FROM scores ORDER BY score DESC LIMIT 50) t) AS top,
           (SELECT score FROM scores WHERE profile_id = $2) AS score,
           1 + (SELECT count(*) FROM scores WHERE score > (SELECT score FROM scores WHERE profile_id = $2)) AS rank`;
  const [row] = (await pool.query(sql, [challengeId, requester])).rows;
  return { top: row.top.map(Number), rank: Number(row.rank), score: Number(row.score) };
}

/** Self time per function of a .cpuprofile (sampled), top n. */
function topSelfTime(file: string, n = 12): { fn: string; ms: number; pct: number }[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[]; timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const url = frame?.url.replace(/^.*\/(node_modules\/|dist\/|dist-before\/)/, '$1') ?? '';
    const key = `${frame?.functionName || '(anonymous)'} ${url ? `${url}:${(frame?.lineNumber ?? 0) + 1}` : ''}`.trim();
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n).map(([fn, ms]) => ({ fn, ms: round(ms), pct: round((100 * ms) / total) }));
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: URL, max: 4 });
  const reuse = process.env.BENCH_REUSE === '1';
  if (!reuse) {
    await pool.query('DROP SCHEMA IF EXISTS public CASCADE');
    await pool.query('CREATE SCHEMA public');
  }
  let server = startApi();
  await waitReady(server);
  log('API ready', { dist: DIST, heapMb: HEAP_MB, rssMb: server.rssNow() });

  const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
  const token = async () => (await api('/api/v1/token/', { method: 'POST', headers: { authorization: `Basic ${basic}` } })).access_token as string;
  let admin = await token();
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const start = new Date(today - (DAYS - 1) * DAY_MS);
  const boards: { repetition: string; id: string }[] = [];
  let requester: { public_id: string; bearer: string };
  if (reuse) {
    requester = JSON.parse((await pool.query(`SELECT value FROM bench_streak_state`)).rows[0].value);
    for (const row of (await pool.query(`SELECT id, repetition FROM challenge WHERE title LIKE 'Bench repetition%' ORDER BY title`)).rows) {
      boards.push({ repetition: row.repetition, id: row.id });
    }
  } else {
    requester = await api('/api/v1/profile/', { method: 'POST', bearer: admin, body: JSON.stringify({ name: 'Requester' }) });
    await pool.query('CREATE TABLE bench_streak_state (value text)');
    await pool.query('INSERT INTO bench_streak_state VALUES ($1)', [JSON.stringify(requester)]);
    const [{ app_id: appId }] = (await pool.query('SELECT app_id FROM profile WHERE id = $1', [requester.public_id])).rows;
    const t = performance.now();
    await pool.query('SELECT setseed(0.42)');
    await pool.query(
      `INSERT INTO profile (app_id, id, name, gender, reference, bearer_digest, total_points, created_at)
       SELECT $1, gen_random_uuid(), 'Member ' || i, NULL, '', md5('bench-streak-' || i), 0, now() FROM generate_series(2, $2) AS i`,
      [appId, MEMBERS],
    );
    const stateColumns = await hasStateColumns(pool);
    for (const repetition of ['STREAK', 'STICK TO IT']) {
      const challenge = await api('/api/v1/challenge/', {
        method: 'POST', bearer: admin,
        body: JSON.stringify({
          title: `Bench repetition ${repetition}`, type: 'INDIVIDUAL', goal: 'DAILY', goal_value: 10000, goal_type: 'STEPS', repetition,
          start: start.toISOString(), end: new Date(today + DAY_MS).toISOString(),
        }),
      });
      await pool.query(
        `INSERT INTO challenge_member (app_id, challenge_id, profile_id, team_id, joined_at, inactive_intervals, is_active)
         SELECT $1, $2, id, NULL, $3, '[]', true FROM profile WHERE app_id = $1`,
        [appId, challenge.public_id, start],
      );
      await pool.query('SELECT setseed(0.42)'); // the same outcomes in both challenges
      await insertScores(pool, appId, challenge.public_id, start, stateColumns);
      boards.push({ repetition, id: challenge.public_id });
    }
    await pool.query('UPDATE challenge SET leaderboard_version = leaderboard_version + 1 WHERE id = ANY($1::uuid[])', [boards.map((b) => b.id)]).catch(() => undefined);
    await pool.query('VACUUM ANALYZE member_period_score');
    const [{ n: rows }] = (await pool.query('SELECT count(*)::int AS n FROM member_period_score')).rows;
    log('data inserted', { members: MEMBERS, scoreRows: rows, stateColumns, seconds: round((performance.now() - t) / 1000) });
  }
  if (await hasStateColumns(pool)) for (const board of boards) log(`stored states vs the domain fold (${board.repetition})`, await checkStates(pool, board.id));

  const summary: Record<string, unknown>[] = [];
  for (const board of boards) {
    if (server.exit) {
      log('API gone; restarting it', server.exit);
      server = startApi();
      await waitReady(server);
      admin = await token();
    }
    const path = `/api/v1/challenge/${board.id}/leaderboard/?date_range=${DAYS - 1}&limit=50`;
    const first = performance.now();
    let sample: any;
    try {
      sample = await api(path, { bearer: requester.bearer, timeoutMs: FIRST_REQUEST_TIMEOUT_MS });
    } catch (error) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const failed = { board: board.repetition, firstRequestMs: round(performance.now() - first), error: String(error).slice(0, 200), apiExit: server.exit, apiMaxRssMb: server.maxRss() };
      log('first leaderboard request FAILED', failed);
      summary.push(failed);
      continue;
    }
    const firstMs = round(performance.now() - first);
    log(`first leaderboard request (${board.repetition} ranking built)`, { ms: firstMs, count: sample.count, requesterRank: sample.requester?.rank, maxRssMb: server.maxRss() });
    const fresh = await freshRanking(pool, board.id, board.repetition, requester.public_id);
    const apiTop = sample.results.map((entry: { score: number }) => entry.score);
    const agree = JSON.stringify(fresh.top) === JSON.stringify(apiTop) && fresh.rank === sample.requester?.rank && fresh.score === sample.requester?.score;
    log('answer vs a fresh computation from goal_reached flags', { agree, top5: [fresh.top.slice(0, 5), apiTop.slice(0, 5)], requester: [fresh.rank, fresh.score, sample.requester?.rank, sample.requester?.score] });
    if (PROFILE) {
      summary.push({ board: board.repetition, firstRequestMs: firstMs, agree });
      continue;
    }
    const latencies: number[] = [];
    const result = await new Promise<AutocannonResult>((resolve, reject) => {
      const instance = autocannon(
        { url: `${BASE}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization: `Bearer ${requester.bearer}` } },
        (error, res) => (error ? reject(error) : resolve(res)),
      );
      instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    });
    const s = stats(latencies);
    const row = { board: board.repetition, firstRequestMs: firstMs, ...s, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors, agree, apiMaxRssMb: server.maxRss() };
    log(`leaderboard/ under ${CONNECTIONS} connections for ${DURATION_S} s`, row);
    summary.push(row);
  }
  log('summary', { members: MEMBERS, periods: DAYS, dist: DIST, heapMb: HEAP_MB, apiMaxRssMb: server.maxRss(), boards: summary });
  await server.stop();
  await pool.end();
  const dir = /--cpu-prof-dir=(\S+)/.exec(process.env.BENCH_API_NODE_ARGS ?? '')?.[1];
  if (dir) {
    const newest = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(dir, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    if (newest) log(`top self time (${newest})`, topSelfTime(newest));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
