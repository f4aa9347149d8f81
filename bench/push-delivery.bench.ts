/**
 * Webhook delivery benchmark (issue 12), against the machine's PostgreSQL:
 *  1. deliveries per second to a local receiver (node:http, answers 204 at once) with 1 and with 50
 *     endpoints (BENCH_ENDPOINTS, default "1,50"): BENCH_EVENTS stress summaries (default 2,000)
 *     are uploaded, then the clock runs from their release until every (event, endpoint) arrived;
 *     and, as the anchor in the same run, a bare loop POSTing signed bodies to the same receiver;
 *  2. latency from an upload's answer to its webhook at the receiver, PUSH_INTERVAL_SECONDS=1
 *     (BENCH_LATENCY_SAMPLES uploads, default 50, one at a time): p50/p95/max. With an interval
 *     of 1 s the expected mean is about half a second plus the poll interval.
 *
 * The API runs as its own process: the built server when dist/ exists (`npm run build`), else
 * through ts-node. PUSH_WORKERS of the API: BENCH_WORKERS (default 8).
 *
 * Run (the database is emptied first):
 *   createdb -h 127.0.0.1 -U postgres strive_bench_push
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/strive_bench_push \
 *     npx ts-node -r tsconfig-paths/register bench/push-delivery.bench.ts
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { killedOnExit } from './support/child-processes';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_push';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const ENDPOINTS = (process.env.BENCH_ENDPOINTS ?? '1,50').split(',').map(Number);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 50);
const WORKERS = process.env.BENCH_WORKERS ?? '8';
const PORT = Number(process.env.BENCH_PORT ?? 3918);
const CLIENT = { id: 'bench-push-client', secret: 'bench-push-secret-0123456789' };
const BATCH = 500;

/** Counts webhooks per path; `waiters` resolve when a path has seen a count. */
class Receiver {
  readonly counts = new Map<string, number>();
  readonly arrivals = new Map<string, number>(); // webhook body external_id -> arrival time
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
        const externalId = /"external_id":"([^"]+)"/.exec(Buffer.concat(chunks).toString())?.[1];
        if (externalId && !this.arrivals.has(externalId)) this.arrivals.set(externalId, performance.now());
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => (this.server as Server).listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

async function emptyDatabase(): Promise<void> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'");
  if (rows.length > 0) await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} CASCADE`);
  await client.end();
}

async function startApi(intervalSeconds: string): Promise<ChildProcess> {
  const built = existsSync('dist/apps/api/src/main.js');
  const args = built ? ['dist/apps/api/src/main.js'] : ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'apps/api/src/main.ts'];
  const server = killedOnExit(spawn(process.execPath, args, {
    stdio: 'inherit',
    env: {
      ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', PORT: String(PORT), DATABASE_URL, LOG_LEVEL: 'warn', DEMO_APP: 'false',
      BOOTSTRAP_CLIENT_ID: CLIENT.id, BOOTSTRAP_CLIENT_SECRET: CLIENT.secret, JOBS_POLL_INTERVAL_MS: '100', PUSH_INTERVAL_SECONDS: intervalSeconds,
      PUSH_WORKERS: WORKERS, PUSH_ALLOW_HTTP: 'true', PUSH_ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000',
    },
  }));
  for (let i = 0; i < 600; i++) {
    if (await fetch(`http://127.0.0.1:${PORT}/health`).then((r) => r.ok, () => false)) return server;
    await sleep(100);
  }
  throw new Error('the API did not start');
}

async function stopApi(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const base = `http://127.0.0.1:${PORT}/api/v1`;
async function call(method: string, path: string, authorization: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`${base}${path}`, { method, headers: { Authorization: authorization, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

async function setUp(receiverUrl: string, endpoints: number): Promise<{ profile: { id: string; bearer: string } }> {
  const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;
  const admin = `Bearer ${(await call('POST', '/token/', basic)).body.access_token}`;
  for (let i = 0; i < endpoints; i++) {
    const created = await call('POST', '/app/push_endpoints/', admin, { data_type: 'stress_summary', url: `${receiverUrl}/e${i}` });
    if (created.status !== 201) throw new Error(`endpoint: ${JSON.stringify(created.body)}`);
  }
  const profile = (await call('POST', '/profile/', admin, { name: 'Bench' })).body;
  return { profile: { id: profile.public_id, bearer: `Bearer ${profile.bearer}` } };
}

const dateOf = (k: number) => new Date(Date.UTC(2000, 0, 1) + k * 86_400_000).toISOString().slice(0, 10);
const upload = async (profile: { id: string; bearer: string }, from: number, count: number) => {
  const response = await call('POST', `/profile/${profile.id}/data/`, profile.bearer, {
    source: 'OURA',
    stress_summary: Array.from({ length: count }, (_, i) => ({ external_id: `s-${from + i}`, date: dateOf(from + i), average_stress: 30 })),
  });
  if (response.status !== 201) throw new Error(`upload: ${JSON.stringify(response.body)}`);
};

async function throughput(endpoints: number): Promise<number> {
  await emptyDatabase();
  const receiver = new Receiver();
  const url = await receiver.start();
  const server = await startApi('1');
  try {
    const { profile } = await setUp(url, endpoints);
    for (let k = 0; k < EVENTS; k += BATCH) await upload(profile, k, Math.min(BATCH, EVENTS - k));
    const expected = EVENTS * endpoints;
    while (receiver.total() === 0) await sleep(5);
    const started = performance.now();
    while (receiver.total() < expected) await sleep(5);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${endpoints} endpoint(s): ${expected} deliveries in ${seconds.toFixed(2)} s = ${(expected / seconds).toFixed(0)} deliveries/s`);
    return expected / seconds;
  } finally {
    await stopApi(server);
    await receiver.stop();
  }
}

/**
 * The anchor, in the same run: the same kind of body signed with the standardwebhooks package and
 * POSTed by a bare loop with PUSH_WORKERS requests in flight to the same receiver: no database, no
 * outbox, no attempt log. What any sender on this machine can reach.
 */
async function bareSender(count: number): Promise<number> {
  const receiver = new Receiver();
  const url = await receiver.start();
  const webhook = new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`);
  const body = JSON.stringify({ profile: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f', data: { date: '2000-01-01', average_stress: 30, source: 'OURA', external_id: 's-0' } });
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(WORKERS) }, async () => {
    while (next < count) {
      const id = `msg_${next++}`;
      const at = new Date();
      await fetch(`${url}/bare`, {
        method: 'POST', body,
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': webhook.sign(id, at, body) },
      });
    }
  }));
  const rate = count / ((performance.now() - started) / 1000);
  await receiver.stop();
  console.log(`anchor, a bare signed POST loop (${WORKERS} in flight, no database): ${count} in ${(count / rate).toFixed(2)} s = ${rate.toFixed(0)} deliveries/s`);
  return rate;
}

async function latency(): Promise<void> {
  await emptyDatabase();
  const receiver = new Receiver();
  const url = await receiver.start();
  const server = await startApi('1');
  try {
    const { profile } = await setUp(url, 1);
    const samples: number[] = [];
    for (let k = 0; k < LATENCY_SAMPLES; k++) {
      await upload(profile, k, 1);
      const answered = performance.now();
      while (!receiver.arrivals.has(`s-${k}`)) await sleep(2);
      samples.push((receiver.arrivals.get(`s-${k}`) as number) - answered);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(0);
    console.log(`upload -> webhook, PUSH_INTERVAL_SECONDS=1, ${samples.length} uploads: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  } finally {
    await stopApi(server);
    await receiver.stop();
  }
}

async function main(): Promise<void> {
  const rates = new Map<number, number>();
  for (const endpoints of ENDPOINTS) rates.set(endpoints, await throughput(endpoints));
  const anchor = await bareSender(EVENTS * Math.max(...ENDPOINTS));
  for (const [endpoints, rate] of rates) console.log(`${endpoints} endpoint(s): ${(rate / anchor).toFixed(2)}x the bare sender`);
  await latency();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
