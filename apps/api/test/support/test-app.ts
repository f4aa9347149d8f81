import { Test } from '@nestjs/testing';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Clock, CreateAppUseCase } from '@strive/domain';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { configureApp, httpAdapter } from '../../src/configure-app';
import { emptyTables } from './test-schema';
import { ScoringWorker } from '../../src/jobs/scoring-worker';
import { JobRunner } from '../../src/jobs/job-runner';
import { PeriodicTicks } from '../../src/jobs/periodic-ticks';
import { PushDispatcher } from '../../src/delivery/push-dispatcher';
import { VendorConnections } from '../../src/connections/vendor-connections';
import { createLogger, PinoNestLogger } from '../../src/logging/logger';
import { APP_CONFIG, CLOCK } from '../../src/system/tokens';
import { responseViolation } from './openapi-responses';

export interface TestApp {
  app: NestFastifyApplication;
  /** Origin the app listens on, e.g. http://127.0.0.1:40313 */
  baseUrl: string;
  http: ReturnType<typeof request.agent> | ReturnType<typeof request>;
  /** Every JSON log line the app wrote. */
  logs: string[];
  dataSource: DataSource;
  /** Runs every due job now, until none is left (the background runner is off in tests), with the scoring of what was queued before and after; answers how many jobs ran. */
  runJobs(): Promise<number>;
  /** Scores every change uploads queued (what the ScoringWorker does moments after an upload); answers how many profiles. */
  runScoring(): Promise<number>;
  /** Runs every periodic tick now (in tests they otherwise run hourly). */
  runTicks(): Promise<string[]>;
  /** Releases every waiting push and sends every due delivery once (webhooks; the background workers are off in tests). */
  runPushes(): Promise<number>;
  /** The vendor sandbox the app connects to (startTestApp({ sandbox })), else null. */
  sandboxUrl: string | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** Start the vendor sandbox on an ephemeral port (the app's vendors connect to it); autoConsent skips its consent page. */
  sandbox?: { autoConsent: 'approve' | 'deny' | null };
}

let embeddedDatabases = 0;

// The suite sends hundreds of requests per bearer within a minute: limits far above that, so
// no test depends on the production defaults; rate-limit.e2e-spec.ts sets small ones itself.
const GENEROUS_RATE_LIMITS = { RATE_LIMIT_TOKEN_MAX: '1000000', RATE_LIMIT_BEARER_MAX: '1000000', RATE_LIMIT_APP_MAX: '1000000' };

/** Real time that never repeats an instant, so "ordered by creation" is deterministic. */
export class MonotonicClock implements Clock {
  private last = 0;

  now(): Date {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last);
  }
}

/**
 * The real app over HTTP: embedded PGlite in memory by default, the machine's
 * PostgreSQL when DATABASE_URL is set (tables emptied first).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config: AppConfig = {
    // Jobs and ticks run when a test says so (runJobs, runTicks), so that "a refused request changed
    // nothing" never sees background work land between two snapshots.
    ...loadConfig({
      LOG_LEVEL: 'info', DEMO_APP: 'false', JOBS_ENABLED: 'false', ...GENEROUS_RATE_LIMITS,
      // No vendor sandbox unless a test asks for one (each on its own port).
      VENDOR_SANDBOX: 'off',
      ...(options.sandbox
        ? { VENDOR_SANDBOX: 'on', SANDBOX_PORT: '0', CONNECTION_TOKEN_KEY: randomBytes(32).toString('base64'), ...(options.sandbox.autoConsent ? { SANDBOX_AUTO_CONSENT: options.sandbox.autoConsent } : {}) }
        : {}),
      ...pick(process.env, 'DATABASE_URL'), ...options.env,
    }),
    dataDir: options.env?.DATA_DIR ?? `memory://test-${++embeddedDatabases}`,
  };
  if (config.databaseUrl) await emptyTables(config.databaseUrl);

  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger(config.logLevel, sink);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(APP_CONFIG)
    .useValue(config)
    .overrideProvider(CLOCK)
    .useValue(options.clock ?? new MonotonicClock())
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(httpAdapter(config), { bodyParser: false, logger: new PinoNestLogger(logger) });
  configureApp(app, logger);
  const violations = checkResponsesAgainstDocument(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    http: request(`http://127.0.0.1:${port}`),
    logs,
    dataSource: app.get(DataSource),
    runJobs: async () => {
      // Jobs start from settled scores and leave theirs settled (a sync's records queue scoring).
      await app.get(ScoringWorker).drain();
      const ran = await app.get(JobRunner).drain();
      await app.get(ScoringWorker).drain();
      return ran;
    },
    runScoring: () => app.get(ScoringWorker).drain(),
    runTicks: () => app.get(PeriodicTicks).runAll(),
    sandboxUrl: app.get(VendorConnections).sandbox?.baseUrl ?? null,
    runPushes: () => app.get(PushDispatcher).runOnce(),
    close: async () => {
      await app.close();
      if (violations.size > 0) {
        throw new Error(`Answers that docs/openapi.json does not describe:\n${[...violations].join('\n')}`);
      }
    },
  };
}

/** Checks every answer against docs/openapi.json (openapi-responses.ts); close() fails on any mismatch. */
function checkResponsesAgainstDocument(app: NestFastifyApplication): Set<string> {
  const violations = new Set<string>();
  app.getHttpAdapter().getInstance().addHook('onSend', async (request, reply, payload) => {
    const inspectable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null || payload === undefined;
    try {
      const violation = responseViolation({
        version: (request.raw as { apiVersion?: 'v1' | 'v1.1' }).apiVersion,
        method: request.method,
        route: request.routeOptions?.url,
        status: reply.statusCode,
        contentType: reply.getHeader('content-type') as string | undefined,
        body: inspectable ? ((payload as string | Buffer | null | undefined) ?? null) : undefined,
      });
      if (violation) violations.add(violation);
    } catch (error) {
      violations.add(`${request.method} ${request.routeOptions?.url} -> ${reply.statusCode}: could not be checked (${String(error)})`);
    }
    return payload;
  });
  return violations;
}

function pick(env: NodeJS.ProcessEnv, name: string): Record<string, string> {
  return env[name] ? { [name]: env[name] as string } : {};
}

export interface AppCredentials {
  clientId: string;
  clientSecret: string;
}

/** Creates an app as an operator would, returning its client credentials. */
export async function createClientApp(test: TestApp, name = 'Test app'): Promise<AppCredentials> {
  const { credentials } = await test.app.get(CreateAppUseCase).execute({ name });
  return credentials;
}

export function basic(credentials: AppCredentials): string {
  return `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
}

/** An administrator bearer for the app. */
export async function adminBearer(test: TestApp, credentials: AppCredentials): Promise<string> {
  const response = await test.http.post('/api/v1/token/').set('Authorization', basic(credentials)).expect(200);
  return response.body.access_token;
}

export interface CreatedTestProfile {
  publicId: string;
  bearer: string;
  body: Record<string, unknown>;
}

export async function createProfile(test: TestApp, admin: string, fields: Record<string, unknown> = { name: 'Ann' }): Promise<CreatedTestProfile> {
  const response = await test.http.post('/api/v1/profile/').set('Authorization', `Bearer ${admin}`).send(fields).expect(201);
  return { publicId: response.body.public_id, bearer: response.body.bearer, body: response.body };
}

/**
 * A digest of every row of every application table: "bad input changed nothing"
 * compares two of these.
 */
export async function databaseSnapshot(test: TestApp): Promise<Record<string, string>> {
  const tables: { tablename: string }[] = await test.dataSource.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY tablename",
  );
  const snapshot: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await test.dataSource.query(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest FROM "${tablename}" t`,
    );
    snapshot[tablename] = `${row.n}:${row.digest}`;
  }
  return snapshot;
}

/** The Authorization header of a bearer, for supertest's `set`. */
export const bearerAuth = (bearer: string) => ({ Authorization: `Bearer ${bearer}` });

/** The default challenge of the gamification suites: INDIVIDUAL, DAILY 10,000 steps, Mon 2026-03-02 .. Mon 2026-03-16 UTC. */
export const stepsChallengeBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Steps', start: '2026-03-02T00:00:00Z', end: '2026-03-16T00:00:00Z', type: 'INDIVIDUAL', goal: 'DAILY',
  goal_value: 10000, goal_type: 'STEPS', ...overrides,
});
