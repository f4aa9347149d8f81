import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * An API process (the `npm start` entry point) with its jobs, scoring worker and delivery workers
 * running (polling every 50 ms), and generous rate limits; `env` adds to or overrides that.
 */
export class ApiProcess {
  child: ChildProcess | null = null;
  base = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<this> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}/api/v1`;
    this.child = spawn('node', ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'apps/api/src/main.ts'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: {
        ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', PORT: String(port), DEMO_APP: 'false', LOG_LEVEL: 'silent',
        JOBS_ENABLED: 'true', JOBS_POLL_INTERVAL_MS: '50', RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000', ...this.env,
      },
    });
    for (let i = 0; i < 600; i++) {
      if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) return this;
      await sleep(100);
    }
    throw new Error('the API did not start');
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** An administrator's `Authorization` value: a token for the client's credentials (POST /token/). */
  async adminBearer(client: { id: string; secret: string }): Promise<string> {
    const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
    return `Bearer ${(await this.call('POST', '/token/', basic)).body.access_token}`;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked by the assertions
  async call(method: string, path: string, authorization: string, body?: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { Authorization: authorization, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  }
}
