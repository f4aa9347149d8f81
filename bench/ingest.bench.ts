/**
 * Ingestion benchmark (issue 15, item 3), on the machine's PostgreSQL (docs/benchmarks.md
 * "Ingestion against the raw INSERT (issue 15)").
 *
 * Run: npm run build && npx ts-node -r tsconfig-paths/register bench/ingest.bench.ts
 * Needs: createdb -h 127.0.0.1 -U postgres strive_bench_ingest (BENCH_DATABASE_URL overrides; wiped).
 *
 * Uploads of 500 daily summaries (one source per upload, as the upload format has it) through
 * POST /api/v1/profile/{id}/data/, one request after the other, each to its own profile,
 * BENCH_UPLOADS (default 60) per scenario, bodies built before timing:
 *   - shapes: "month" (500 summaries over the last 30 UTC days: about 17 external ids a day) and
 *     "many-days" (500 consecutive days ending today);
 *   - profiles in no challenge, or members of 10 running INDIVIDUAL DAILY challenges (STEPS,
 *     DISTANCE, CALORIES in turn; 60 days ago to 30 days ahead, UTC), the rounds starting once
 *     the jobs that score new members are done.
 * The anchors run in the same run, taking turns with the uploads: each scenario's profiles are cut
 * into BENCH_ROUNDS (default 5) rounds, and each round's uploads are followed by both anchors'
 * writes of that round's data (times summed over the rounds), so that what drifts during a run
 * (checkpoints, neighbours on the machine) weighs on all three alike.
 * The raw anchor: the round's rows (read back from
 * health_record) inserted with plain multi-row INSERT ... VALUES (500 rows a statement, one after
 * the other) into anchor.record, a table created LIKE health_record INCLUDING ALL (the same
 * columns, primary key and indexes) in a schema of its own (out of the API's statistics tick,
 * which analyzes the app's schema) and emptied before each scenario. Ratio = anchor time / upload
 * time (1.0: as fast as the raw INSERT). Both anchors' connections are primed first
 * (bench/support/prime-allocator.ts: a new backend's large statements cost twice as much).
 * The HTTP anchor, after it: the same bodies posted the same way to a bare node:http server
 * (bench/anchors/bare-ingest.server.ts) that parses them and writes their rows with the raw anchor's
 * INSERT into anchor.http_record (LIKE health_record too): what HTTP and JSON cost any ingestion on
 * this machine. `httpAnchor.ratio` = raw INSERT time / its time (the ceiling of an HTTP API's ratio);
 * `ratioToHttpAnchor` = its time / the upload time. `ratioByRound`: each round's own ratio (its raw
 * INSERT time / its uploads' time): how far one run's rounds spread (by 0.1-0.15 on a 2-core
 * machine, docs/benchmarks.md "Forty-second session").
 * Points and scores are deferred: an upload queues its change and the API's scoring worker settles
 * it moments after the response, points then scores (docs/architecture.md "The write path").
 * `ratio` times the responses; `scored` times until the last queued change was settled
 * (scoring_backlog empty: the delay after the last response, and the ratio over that time), and
 * the CPU figures cover it; `delayMs` is each upload's scoring delay in the challenge scenarios
 * (its profile's last score written, `updated_at`, after its response), p50/p95/max. Scores and
 * points are read then: `scoresChecked` compares, for every uploaded profile of the challenge
 * scenarios, each stored period score with the day's largest value of the challenge's field in
 * health_record, computed in SQL; `pointsChecked`, in every scenario, each day's ledger points with
 * its largest step count / 1,000 and each profile's total_points with the sum of its days.
 *
 * CPU time of each phase (from /proc, 10 ms ticks): the API processes' and every PostgreSQL process's
 * per upload, the bench's own (the client) per upload and per anchor batch.
 *
 * BENCH_SPLIT=1: the uploads go to a web-only API process (JOBS_ENABLED=false) and the scoring
 * worker runs in a second API process (JOBS_ENABLED=true, port + 1), as README "Configuration"
 * describes a deployment whose web replicas do not run jobs; `apiMsPerUpload` counts both,
 * `webMsPerUpload` the web process alone.
 *
 * BENCH_API_NODE_ARGS adds node flags to the API (e.g. '--cpu-prof --cpu-prof-dir=/tmp/p');
 * BENCH_DIST runs another build; BENCH_SCENARIOS picks scenarios and their order (e.g.
 * 'ten-month,ten-many-days,none-month,none-many-days': on a 2-core machine the raw INSERT's batch
 * has cost half as much in a run's third and fourth scenarios as in its first two, whichever they
 * were; docs/benchmarks.md "Thirty-ninth session").
 * BENCH_APP_PROFILES=n first adds n other profiles to the app (SQL, with no records), so that the
 * uploads are measured in an app of that size (what a write costs should not grow with it).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool } from 'pg';
import { forkAnchor } from './support/anchor-process';
import { killedOnExit } from './support/child-processes';
import { jobsDone } from './support/jobs-done';
import { mulberry32 } from './support/mulberry32';
import { primeAllocator } from './support/prime-allocator';
import { postgresCpuMs, processCpuMs } from './support/process-cpu';
import { recordInsert } from './support/record-insert';

const ROOT = join(__dirname, '..');
const DIST = resolve(process.env.BENCH_DIST ?? join(ROOT, 'dist'));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_ingest';
const PORT = Number(process.env.BENCH_PORT ?? 3972);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 60);
const APP_PROFILES = Number(process.env.BENCH_APP_PROFILES ?? 0);
const BATCH = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CHALLENGES = 10;
/** In the order they run (BENCH_SCENARIOS: some of them, in its order). */
const SCENARIOS = ['none-month', 'none-many-days', 'ten-month', 'ten-many-days'];
const API_NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SPLIT = process.env.BENCH_SPLIT === '1';
const ANCHOR_PORT = PORT + 2;
const CLIENT_ID = 'bench-client';
const CLIENT_SECRET = 'bench-secret-0123456789';
const DAY_MS = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const FIELD: Record<string, string> = { STEPS: 'steps', DISTANCE: 'distance', CALORIES: 'calories' };

const log = (message: string, data?: unknown) =>
  console.log(`[${new Date().toISOString()}] ${message}`, data === undefined ? '' : JSON.stringify(data));
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const random = mulberry32(15);
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 500 daily summaries: over the last 30 days, or 500 consecutive days ending today. */
function body(shape: 'month' | 'many-days', upload: number) {
  const daily_summary = Array.from({ length: BATCH }, (_, i) => ({
    external_id: `u${upload}-d${i}`,
    date: shape === 'month' ? date(TODAY - (i % 30) * DAY_MS) : date(TODAY - i * DAY_MS),
    distance: Math.round(random() * 15_000),
    steps: Math.floor(random() * 20_000),
    calories: Math.round(1800 + random() * 1200),
    active_duration: '01:00:00.000000',
  }));
  return JSON.stringify({ source: 'GARMIN', daily_summary });
}

async function main(): Promise<void> {
  const scenarios = (process.env.BENCH_SCENARIOS || SCENARIOS.join(',')).split(',');
  const unknown = scenarios.filter((name) => !SCENARIOS.includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_SCENARIOS: no scenario ${unknown.join(', ')} (${SCENARIOS.join(', ')})`);
  const reset = new Client({ connectionString: DATABASE_URL });
  await reset.connect();
  await reset.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS anchor CASCADE; CREATE SCHEMA anchor');
  await reset.end();
  // BENCH_SPLIT=1: the uploads' API is a web-only replica and the scoring worker runs in a process of its own.
  const servers = SPLIT ? [startApi(PORT, false), startApi(PORT + 1, true)] : [startApi(PORT, true)];
  for (let i = 0; i < servers.length; i++) await waitReady(PORT + i);
  const apiCpuMs = () => servers.reduce((sum, server) => sum + processCpuMs(server.pid as number), 0);
  const webCpuMs = () => processCpuMs(servers[0].pid as number);
  log('machine', { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version, dist: DIST, split: SPLIT, appProfiles: APP_PROFILES, load: loadavg().map((n) => round(n)) });
  const base = `http://127.0.0.1:${PORT}/api/v1`;
  const token = await fetch(`${base}/token/`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` },
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const auth = { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' };
  /** Each profile's body to `apiBase`'s upload path, one request after the other; `answered` hears each one's milliseconds. */
  const uploadEach = async (apiBase: string, profiles: readonly string[], bodies: readonly string[], answered?: (ms: number) => void) => {
    for (let i = 0; i < profiles.length; i++) {
      const began = performance.now();
      const response = await fetch(`${apiBase}/profile/${profiles[i]}/data/`, { method: 'POST', headers: auth, body: bodies[i] });
      if (response.status !== 201) throw new Error(`${apiBase}: an upload answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      answered?.(performance.now() - began);
    }
  };
  const post = async (path: string, value: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(value) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ public_id: string }>;
  };
  const challenges: { id: string; type: string }[] = [];
  for (let c = 0; c < CHALLENGES; c++) {
    const goalType = ['STEPS', 'DISTANCE', 'CALORIES'][c % 3];
    const created = await post('/challenge/', {
      title: `Ingest bench ${c}`, type: 'INDIVIDUAL', goal: 'DAILY', goal_type: goalType, goal_value: 5000 + c * 1000,
      start: new Date(TODAY - 60 * DAY_MS).toISOString(), end: new Date(TODAY + 30 * DAY_MS).toISOString(),
    });
    challenges.push({ id: created.public_id, type: goalType });
  }
  // Each new connection is primed before its first query (pg-pool awaits onConnect).
  const pool = new Pool({ connectionString: DATABASE_URL, max: 2, onConnect: primeAllocator });
  // The anchors' tables live in a schema of their own: not the app's, so that the API's statistics
  // tick (which analyzes the app's schema) spends no time on them during either side's turn.
  await pool.query('CREATE TABLE anchor.record (LIKE health_record INCLUDING ALL)');
  await pool.query('CREATE TABLE anchor.http_record (LIKE health_record INCLUDING ALL)');
  const [{ app_id: appId }] = (await pool.query('SELECT app_id FROM challenge LIMIT 1')).rows;
  if (APP_PROFILES > 0) {
    await pool.query(
      `INSERT INTO profile (app_id, id, name, reference, bearer_digest, created_at)
       SELECT $1, gen_random_uuid(), 'other ' || n, '', 'bench-other-' || n, now() FROM generate_series(1, $2::int) AS n`,
      [appId, APP_PROFILES],
    );
    await pool.query('ANALYZE profile');
  }
  const anchorServer = await forkAnchor('bare-ingest.server.ts', {
    ANCHOR_PORT: String(ANCHOR_PORT), ANCHOR_DATABASE_URL: DATABASE_URL, ANCHOR_TABLE: 'anchor.http_record', ANCHOR_APP_ID: appId,
  });
  const [{ deferred }] = (await pool.query("SELECT to_regclass('scoring_backlog') IS NOT NULL AS deferred")).rows;
  /** Wall time and CPU time (ms) of one phase, summed over its rounds. */
  type Meter = { ms: number; api: number; web: number; postgres: number; bench: number; server: number };
  const newMeter = (): Meter => ({ ms: 0, api: 0, web: 0, postgres: 0, bench: 0, server: 0 });
  const measure = async (meter: Meter, phase: () => Promise<unknown>) => {
    const before = { api: apiCpuMs(), web: webCpuMs(), postgres: postgresCpuMs(), server: processCpuMs(anchorServer.pid as number), bench: process.cpuUsage() };
    const started = performance.now();
    await phase();
    meter.ms += performance.now() - started;
    meter.api += apiCpuMs() - before.api;
    meter.web += webCpuMs() - before.web;
    meter.postgres += postgresCpuMs() - before.postgres;
    meter.server += processCpuMs(anchorServer.pid as number) - before.server;
    meter.bench += cpuMs(process.cpuUsage(before.bench));
  };

  const results: Record<string, unknown>[] = [];
  for (const name of scenarios) {
    const inChallenges = name.startsWith('ten-') ? CHALLENGES : 0;
    const shape = name.endsWith('-month') ? 'month' : 'many-days';
    const profiles: string[] = [];
    for (let i = 0; i < UPLOADS; i++) profiles.push((await post('/profile/', { name: `${name} ${i}` })).public_id);
    for (const challenge of challenges.slice(0, inChallenges)) {
      for (let i = 0; i < profiles.length; i += 1000) await post(`/challenge/${challenge.id}/members/`, { profiles: profiles.slice(i, i + 1000) });
    }
    // New members are scored by a job (challenge.rescore): the rounds measure a steady state, the
    // profiles in running challenges, not that set-up work beside their first uploads.
    await jobsDone(pool);
    const bodies = profiles.map((_, i) => body(shape, i));
    const load = loadavg().map((n) => round(n));
    await pool.query('TRUNCATE anchor.record, anchor.http_record');
    // Strive, the raw INSERT and the HTTP anchor take turns, a round of each at a time, so that
    // what drifts during a run (checkpoints, the machine's neighbours) falls on all three alike.
    const meter = { upload: newMeter(), drain: newMeter(), anchor: newMeter(), httpAnchor: newMeter() };
    const latencies: number[] = [];
    const answeredAt: number[] = [];
    let rows = 0;
    const ratioByRound: number[] = [];
    for (let turn = 0; turn < ROUNDS; turn++) {
      const before = { upload: meter.upload.ms, anchor: meter.anchor.ms };
      const from = Math.floor((turn * profiles.length) / ROUNDS);
      const to = Math.floor(((turn + 1) * profiles.length) / ROUNDS);
      const part = profiles.slice(from, to);
      await measure(meter.upload, () => uploadEach(base, part, bodies.slice(from, to), (ms) => {
        latencies.push(ms);
        answeredAt.push(Date.now());
      }));
      // Points and scores are deferred (docs/architecture.md "The write path"): a queued change
      // leaves scoring_backlog when its points and scores commit. Wait for the last one.
      // (A build from before the queue scored in the request: BENCH_DIST of an older build.)
      await measure(meter.drain, async () => {
        while (deferred && (await pool.query('SELECT count(*)::int AS n FROM scoring_backlog')).rows[0].n > 0) await sleep(2);
      });

      // The anchor: the same rows, plain multi-row INSERTs into an indexed table of the same columns.
      const stored = (await pool.query(
        `SELECT profile_id, type, subtype, source, external_id, time, end_time, data::text AS data FROM health_record
         WHERE profile_id = ANY($1::uuid[]) ORDER BY profile_id, external_id`,
        [part],
      )).rows as Record<string, unknown>[];
      rows += stored.length;
      await measure(meter.anchor, async () => {
        for (let i = 0; i < stored.length; i += BATCH) {
          const { text, values } = recordInsert('anchor.record', appId, stored.slice(i, i + BATCH));
          await pool.query(text, values);
        }
      });

      ratioByRound.push(round((meter.anchor.ms - before.anchor) / (meter.upload.ms - before.upload)));

      // The HTTP anchor: the same requests to a bare node:http server writing with the same INSERT.
      await measure(meter.httpAnchor, () => uploadEach(`http://127.0.0.1:${ANCHOR_PORT}/api/v1`, part, bodies.slice(from, to)));
    }
    const httpMs = meter.upload.ms;
    const scoredMs = meter.upload.ms + meter.drain.ms;
    const perUpload = (ms: number) => round(ms / profiles.length);
    const uploadCpu = {
      apiMsPerUpload: perUpload(meter.upload.api + meter.drain.api),
      ...(SPLIT ? { webMsPerUpload: perUpload(meter.upload.web + meter.drain.web) } : {}),
      postgresMsPerUpload: perUpload(meter.upload.postgres + meter.drain.postgres),
      benchMsPerUpload: perUpload(meter.upload.bench + meter.drain.bench),
    };
    const anchorMs = meter.anchor.ms;
    const batches = Math.ceil(rows / BATCH);
    const anchorCpu = { postgresMsPerBatch: round(meter.anchor.postgres / batches), benchMsPerBatch: round(meter.anchor.bench / batches) };
    const httpAnchorMs = meter.httpAnchor.ms;
    const httpAnchor = {
      ms: Math.round(httpAnchorMs),
      ratio: round(anchorMs / httpAnchorMs),
      cpu: {
        serverMsPerUpload: perUpload(meter.httpAnchor.server),
        postgresMsPerUpload: perUpload(meter.httpAnchor.postgres),
        benchMsPerUpload: perUpload(meter.httpAnchor.bench),
      },
    };

    // Scores as stored right after the responses, against SQL over the records.
    let check: Record<string, number> | null = null;
    let delays: Record<string, number> | null = null;
    if (inChallenges > 0) {
      // Each upload's scoring delay: its profile's last score written (updated_at, the API's clock
      // when it scored) after its response arrived here (same machine, same clock).
      const scoredAt = new Map<string, number>(
        (await pool.query(
          `SELECT profile_id, (extract(epoch FROM max(updated_at)) * 1000)::float8 AS at
           FROM member_period_score WHERE profile_id = ANY($1::uuid[]) GROUP BY 1`,
          [profiles],
        )).rows.map((row) => [row.profile_id, Number(row.at)]),
      );
      const waited = profiles.map((id, i) => (scoredAt.get(id) ?? NaN) - answeredAt[i]).sort((a, b) => a - b);
      delays = { p50: round(waited[Math.floor(waited.length / 2)], 1), p95: round(waited[Math.floor(waited.length * 0.95)], 1), max: round(waited[waited.length - 1], 1) };
      const [row] = (await pool.query(
        `WITH expected AS (
           SELECT c.id AS challenge_id, h.profile_id, floor(extract(epoch FROM h.time - c.start) / 86400)::int AS period_index,
                  max((h.data ->> CASE c.goal_type WHEN 'STEPS' THEN 'steps' WHEN 'DISTANCE' THEN 'distance' ELSE 'calories' END)::float8) AS value
           FROM health_record h JOIN challenge_member m ON m.app_id = h.app_id AND m.profile_id = h.profile_id
           JOIN challenge c ON c.app_id = m.app_id AND c.id = m.challenge_id
           WHERE h.profile_id = ANY($1::uuid[]) AND h.type = 'daily_summary' AND h.time >= c.start AND h.time < c."end"
           GROUP BY 1, 2, 3)
         SELECT count(*)::int AS periods,
                count(*) FILTER (WHERE s.progress IS DISTINCT FROM e.value)::int AS wrong,
                (SELECT count(*)::int FROM member_period_score WHERE profile_id = ANY($1::uuid[])) AS stored
         FROM expected e LEFT JOIN member_period_score s
           ON s.challenge_id = e.challenge_id AND s.profile_id = e.profile_id AND s.period_index = e.period_index`,
        [profiles],
      )).rows;
      check = row;
    }
    // Points as stored once the backlog is empty, against SQL over the records (the default
    // definition: 1 point per 1,000 steps of the day's merged summary, its largest step count).
    // A day is wrong when its ledger points (none without a row) differ by more than a rounding
    // step (0.01: SQL rounds half away from zero, the domain a float); a profile when its
    // total_points is not the sum of its days.
    const [points] = (await pool.query(
      `WITH expected AS (
         SELECT profile_id, (data ->> 'date')::date AS day, round((max((data ->> 'steps')::float8) / 1000)::numeric, 2)::float8 AS points
         FROM health_record WHERE profile_id = ANY($1::uuid[]) AND type = 'daily_summary' GROUP BY 1, 2)
       SELECT count(*)::int AS days,
              count(*) FILTER (WHERE abs(coalesce(d.daily_summary_points, 0) - e.points) > 0.0101)::int AS wrong,
              (SELECT count(*)::int FROM profile p WHERE p.id = ANY($1::uuid[]) AND p.total_points IS DISTINCT FROM
                 (SELECT round(sum(daily_summary_points + workout_points)::numeric, 2)::float8 FROM profile_points_day WHERE profile_id = p.id)) AS "profilesWrong"
       FROM expected e LEFT JOIN profile_points_day d ON d.profile_id = e.profile_id AND d.day = e.day`,
      [profiles],
    )).rows;
    latencies.sort((a, b) => a - b);
    const result = {
      scenario: name, uploads: profiles.length, records: rows, rounds: ROUNDS, load,
      upload: { ms: Math.round(httpMs), recordsPerSecond: Math.round(rows / (httpMs / 1000)), p50: round(latencies[Math.floor(latencies.length / 2)], 1), max: round(latencies[latencies.length - 1], 1), cpu: uploadCpu },
      anchor: { ms: Math.round(anchorMs), recordsPerSecond: Math.round(rows / (anchorMs / 1000)), cpu: anchorCpu },
      httpAnchor,
      ratio: round(anchorMs / httpMs),
      ratioByRound,
      ratioToHttpAnchor: round(httpAnchorMs / httpMs),
      scored: { ms: Math.round(scoredMs), afterLastResponseMs: Math.round(scoredMs - httpMs), ratio: round(anchorMs / scoredMs), delayMs: delays },
      scoresChecked: check,
      pointsChecked: points,
    };
    log(name, result);
    results.push(result);
  }
  log('summary', results.map((r) => ({
    scenario: r.scenario, ratio: r.ratio, ratioByRound: r.ratioByRound, httpAnchorRatio: (r.httpAnchor as { ratio: number }).ratio, ratioToHttpAnchor: r.ratioToHttpAnchor,
    uploadP50: (r.upload as { p50: number }).p50, scored: r.scored, check: r.scoresChecked, points: r.pointsChecked,
  })));
  await pool.end();
  anchorServer.kill('SIGTERM');
  for (const server of servers) {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
}

/** An API process of the build in DIST on `port`; `jobs`: it runs the scoring worker and the job runner too. */
function startApi(port: number, jobs: boolean): ChildProcess {
  return killedOnExit(spawn(process.execPath, [...API_NODE_ARGS, join(DIST, 'apps/api/src/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL, PORT: String(port), JOBS_ENABLED: String(jobs), BOOTSTRAP_CLIENT_ID: CLIENT_ID, BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
      LOG_LEVEL: 'warn', DEMO_APP: 'false', RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000', RATE_LIMIT_TOKEN_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
}

async function waitReady(port: number): Promise<void> {
  for (let i = 0; !(await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)); i++) {
    if (i > 300) throw new Error(`the API on port ${port} did not start`);
    await sleep(100);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
