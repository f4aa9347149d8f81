/**
 * Notification fan-out benchmark on the machine's PostgreSQL (docs/benchmarks.md "Notification fan-out").
 *
 * Run: npm run build && npx ts-node bench/notification-fanout.bench.ts [devices]
 * Needs: createdb -h 127.0.0.1 -U postgres strive_bench_notif (BENCH_DATABASE_URL overrides); the
 * database is wiped at every run.
 *
 * 1. The API (dist build, no push service configured: the recording sender) starts as its own
 *    process with a 192 MB heap; its resident memory is sampled every 100 ms.
 * 2. `devices` profiles with one device each (a third ios, a third android, a third web) are
 *    inserted with SQL (not timed).
 * 3. POST notification/send_to_all/ (its answer time is reported apart), then the fan-out job:
 *    timed until GET notification/{id}/ says `sent`; the recorded pushes are counted.
 * 4. The anchor in the same run: the same devices read and recorded with raw SQL from this
 *    process (500 per batch, one multi-row INSERT each); `fanOutVsAnchor` = anchor time / fan-out time.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { apiClient } from './support/api-client';
import { killedOnExit } from './support/child-processes';

const ROOT = join(__dirname, '..');
const DEVICES = Number(process.argv[2] ?? 100_000);
const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_notif';
const PORT = 3961;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENT = { id: 'bench-client', secret: 'bench-secret-0123456789' };

const round = (value: number) => Math.round(value * 10) / 10;
const log = (message: string, data?: unknown) => console.log(`[${new Date().toISOString()}] ${message}`, data === undefined ? '' : JSON.stringify(data));

const api = apiClient(BASE);

function startApi() {
  const child = killedOnExit(spawn(process.execPath, ['--max-old-space-size=192', join(ROOT, 'dist/apps/api/src/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: URL, PORT: String(PORT), LOG_LEVEL: 'warn', DEMO_APP: 'false', JOBS_POLL_INTERVAL_MS: '100',
      BOOTSTRAP_CLIENT_ID: CLIENT.id, BOOTSTRAP_CLIENT_SECRET: CLIENT.secret, BOOTSTRAP_APP_NAME: 'Bench',
      // No push service: every platform goes to the recording sender.
      FCM_PROJECT_ID: '', FCM_SERVICE_ACCOUNT_FILE: '', FCM_SERVICE_ACCOUNT_JSON: '', APNS_KEY_FILE: '', APNS_KEY: '', APNS_KEY_ID: '', APNS_TEAM_ID: '', APNS_TOPIC: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  const rss = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  let maxRssMb = 0;
  const timer = setInterval(() => (maxRssMb = Math.max(maxRssMb, rss())), 100);
  return {
    rssNow: () => round(rss()),
    maxRss: () => round(maxRssMb),
    resetMax: () => (maxRssMb = rss()),
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

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: URL, max: 4 });
  await pool.query('DROP SCHEMA IF EXISTS public CASCADE');
  await pool.query('CREATE SCHEMA public');
  const server = startApi();
  try {
    await waitReady();
    const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
    const admin = (await api('/api/v1/token/', { method: 'POST', headers: { authorization: `Basic ${basic}` } })).access_token;
    const first = await api('/api/v1/profile/', { method: 'POST', bearer: admin, body: JSON.stringify({ name: 'First' }) });
    const [{ app_id: appId }] = (await pool.query('SELECT app_id FROM profile WHERE id = $1', [first.public_id])).rows;

    // ---- data (not timed) ----
    let t = performance.now();
    await pool.query(
      `INSERT INTO profile (app_id, id, name, gender, reference, bearer_digest, total_points, created_at)
       SELECT $1, gen_random_uuid(), 'Member ' || i, NULL, '', md5('bench-' || i), 0, now() FROM generate_series(2, $2) AS i`,
      [appId, DEVICES],
    );
    await pool.query(
      `INSERT INTO device (app_id, id, profile_id, token, platform, registered_at)
       SELECT $1, gen_random_uuid(), p.id,
              CASE p.n % 3 WHEN 0 THEN md5(p.id::text) || md5(p.name) ELSE 'fcm:' || p.id::text END,
              CASE p.n % 3 WHEN 0 THEN 'ios' WHEN 1 THEN 'android' ELSE 'web' END, now()
       FROM (SELECT id, name, row_number() OVER () AS n FROM profile WHERE app_id = $1) AS p`,
      [appId],
    );
    await pool.query('ANALYZE');
    log('data', { devices: DEVICES, seconds: round((performance.now() - t) / 1000), rssMb: server.rssNow() });

    // ---- send_to_all and the fan-out ----
    const before = server.rssNow();
    server.resetMax();
    t = performance.now();
    const notification = await api('/api/v1/notification/send_to_all/', {
      method: 'POST', bearer: admin, body: JSON.stringify({ title: 'Bench', body: 'Fan-out benchmark', data: { kind: 'bench' } }),
    });
    const answeredMs = performance.now() - t;
    let read = notification;
    while (read.status !== 'sent') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await api(`/api/v1/notification/${notification.public_id}/`, { bearer: admin });
    }
    const fanOutSeconds = (performance.now() - t) / 1000;
    const [{ n: recorded }] = (await pool.query('SELECT count(*)::int AS n FROM recorded_push')).rows;

    // ---- the anchor, same run: the least the fan-out must do, as raw SQL from this process ----
    // Devices read in id order, 500 at a time, each batch recorded with one multi-row INSERT
    // into a table shaped like recorded_push: no job, no notification row, no counts.
    await pool.query('CREATE TABLE anchor_push (LIKE recorded_push INCLUDING ALL)');
    const message = JSON.stringify({ title: 'Bench', body: 'Fan-out benchmark', data: { kind: 'bench' } });
    const anchorId = randomUUID();
    t = performance.now();
    for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
      const { rows } = await pool.query<{ id: string; token: string; platform: string }>(
        'SELECT id, token, platform FROM device WHERE app_id = $1 AND id > $2 ORDER BY id LIMIT 500', [appId, after],
      );
      if (rows.length === 0) break;
      await pool.query(
        `INSERT INTO anchor_push (app_id, notification_id, platform, token, message, recorded_at)
         SELECT $1, $2, platform, token, $3::jsonb, now() FROM unnest($4::text[], $5::text[]) AS t(platform, token)`,
        [appId, anchorId, message, rows.map((r) => r.platform), rows.map((r) => r.token)],
      );
      after = rows[rows.length - 1].id;
    }
    const anchorSeconds = (performance.now() - t) / 1000;
    console.log(JSON.stringify({
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
      devices: DEVICES,
      sendToAllAnswerMs: round(answeredMs),
      fanOutSeconds: round(fanOutSeconds),
      devicesPerSecond: Math.round(DEVICES / fanOutSeconds),
      counts: { devices: read.devices, sent: read.sent, failed: read.failed, unregistered: read.unregistered },
      recorded,
      anchorRawSqlSeconds: round(anchorSeconds),
      fanOutVsAnchor: Math.round((anchorSeconds / fanOutSeconds) * 100) / 100,
      apiRssMb: { beforeSend: before, maxDuringFanOut: server.maxRss() },
    }, null, 2));
  } finally {
    await server.stop();
    await pool.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
