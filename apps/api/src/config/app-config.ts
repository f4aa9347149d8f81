import { loadPushSenderConfig, PushSenderSettings } from './push-sender-config';
import { resolveDataDir } from './data-dir';

/**
 * Typed configuration, read and validated once at boot from the environment.
 * Every variable is listed in the README.
 */
export interface AppConfig {
  readonly port: number;
  /** PostgreSQL connection string; absent => embedded PGlite. */
  readonly databaseUrl: string | null;
  /** Where embedded PGlite keeps its files (absolute, relative ones read from the project's root); "memory://" keeps them in memory. */
  readonly dataDir: string;
  /** Run pending migrations at start (default true). */
  readonly migrationsRun: boolean;
  /** Absolute base URL used in `url` fields and page links; derived from the request when absent. */
  readonly publicBaseUrl: string | null;
  /**
   * Host names whose Host header may build `url` fields when publicBaseUrl is absent
   * (".example.com" also matches its subdomains, "*" any host). Other hosts get
   * http://localhost:<port>, so a forged Host header never reaches a link.
   */
  readonly trustedHosts: readonly string[];
  /** BODY_LIMIT in bytes. */
  readonly bodyLimitBytes: number;
  readonly logLevel: string;
  /** Create and print a demo app on a first embedded start with no app (default true). */
  readonly demoApp: boolean;
  /** How long a resolved bearer is reused without a database lookup (ms; 0 disables). */
  readonly bearerCacheTtlMs: number;
  /** Requests allowed per window (RATE_LIMIT_*), counted in this process or in Redis (docs/decisions.md "Rate limits"). */
  readonly rateLimit: RateLimitSettings;
  readonly bootstrap: { readonly clientId: string; readonly clientSecret: string; readonly appName: string } | null;
  /**
   * GET /metrics (Prometheus) on its own listener, never on the API's port: off unless
   * METRICS_PORT is set; METRICS_HOST defaults to loopback; METRICS_TOKEN, when set, is
   * required as a bearer (docs/decisions.md "Metrics").
   */
  readonly metrics: { readonly port: number | null; readonly host: string; readonly token: string | null };
  /** The job runner and the periodic ticks of this process. */
  readonly jobs: { readonly enabled: boolean; readonly pollIntervalMs: number; readonly tickIntervalMs: number };
  /** Webhook delivery (docs/webhooks.md); its workers run when jobs are enabled. */
  readonly push: PushSettings;
  /** Wearable connections (docs/connections.md). */
  readonly connections: ConnectionSettings;
  /** FCM and APNs (FCM_*, APNS_*); a platform without its service has its pushes recorded. */
  readonly pushSenders: PushSenderSettings;
}

export interface PushSettings {
  /** PUSH_ALLOW_HTTP: http:// callback URLs accepted (local development). */
  readonly allowHttp: boolean;
  /** PUSH_ALLOW_PRIVATE_TARGETS: loopback, private and link-local targets accepted (local development, tests). */
  readonly allowPrivateTargets: boolean;
  /** PUSH_INTERVAL_SECONDS: how often stored data is released to data endpoints (ms). */
  readonly intervalMs: number;
  /** PUSH_RETRY_BASE_SECONDS: the first retry delay, doubled per failure (ms). */
  readonly retryBaseMs: number;
  /** PUSH_WORKERS: deliveries this process sends at once. */
  readonly workers: number;
}

export interface ConnectionSettings {
  /** CONNECTION_TOKEN_KEY: 32 bytes sealing vendor tokens (AES-256-GCM); null: from DATA_DIR in embedded mode. */
  readonly tokenKey: Buffer | null;
  readonly syncIntervalMinutes: number;
  readonly backfillDays: number;
  /** VENDOR_SANDBOX: auto starts the local vendor sandbox in embedded mode when no vendor has credentials. */
  readonly vendorSandbox: 'auto' | 'on' | 'off';
  readonly sandboxPort: number;
  /** SANDBOX_AUTO_CONSENT: the sandbox skips its consent page with this answer. */
  readonly sandboxAutoConsent: 'approve' | 'deny' | null;
  /** The environment the vendor settings are read from (<VENDOR>_CLIENT_ID, ...; README). */
  readonly vendorEnv: Readonly<Record<string, string | undefined>>;
}

export interface RateLimitSettings {
  /** Length of the fixed window every limit counts in (ms). */
  readonly windowMs: number;
  /** POST /token/ per client id (every attempt, successful or not). */
  readonly tokenMax: number;
  /** Authenticated requests per bearer. */
  readonly bearerMax: number;
  /** Authenticated requests per app, all its bearers together. */
  readonly appMax: number;
  /** A Redis server every API process counts in (redis://...); null: each process counts alone. */
  readonly redisUrl: string | null;
}

const BYTES_PER_UNIT: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

export class ConfigError extends Error {}

/** Loopback only: what `npm start` is reached by on a developer's machine. */
const DEFAULT_TRUSTED_HOSTS = 'localhost,127.0.0.1,::1';
const TRUSTED_HOST = /^(\*|\.?[a-z0-9-]+(\.[a-z0-9-]+)*|[0-9a-f:]*:[0-9a-f:.]*)$/;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : null;
  };

  const port = Number(text('PORT') ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT must be an integer between 0 and 65535.');

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://.');

  const migrationsRun = (text('MIGRATIONS_RUN') ?? 'true').toLowerCase();
  if (!['true', 'false'].includes(migrationsRun)) problems.push('MIGRATIONS_RUN must be true or false.');

  const publicBaseUrl = text('PUBLIC_BASE_URL');
  if (publicBaseUrl && !/^https?:\/\/[^/]+/.test(publicBaseUrl)) problems.push('PUBLIC_BASE_URL must be an absolute http(s) URL.');

  const trustedHosts = (text('TRUSTED_HOSTS') ?? DEFAULT_TRUSTED_HOSTS).split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  const badHost = trustedHosts.find((host) => !TRUSTED_HOST.test(host));
  if (badHost !== undefined) problems.push(`TRUSTED_HOSTS must list host names without scheme or port (got ${badHost}).`);

  const bodyLimit = /^(\d+)(b|kb|mb)$/i.exec(text('BODY_LIMIT') ?? '2mb');
  if (!bodyLimit) problems.push('BODY_LIMIT must look like 512kb or 2mb.');

  const logLevel = (text('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);

  const clientId = text('BOOTSTRAP_CLIENT_ID');
  const clientSecret = text('BOOTSTRAP_CLIENT_SECRET');
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    problems.push('BOOTSTRAP_CLIENT_ID and BOOTSTRAP_CLIENT_SECRET are set together or not at all.');
  }
  if (clientSecret && clientSecret.length < 16) problems.push('BOOTSTRAP_CLIENT_SECRET must be at least 16 characters.');

  const demoApp = (text('DEMO_APP') ?? 'true').toLowerCase();
  if (!['true', 'false'].includes(demoApp)) problems.push('DEMO_APP must be true or false.');

  const bearerCacheTtl = Number(text('BEARER_CACHE_TTL_SECONDS') ?? 10);
  if (!Number.isFinite(bearerCacheTtl) || bearerCacheTtl < 0 || bearerCacheTtl > 300) {
    problems.push('BEARER_CACHE_TTL_SECONDS must be a number of seconds between 0 and 300.');
  }

  const jobsEnabled = (text('JOBS_ENABLED') ?? 'true').toLowerCase();
  if (!['true', 'false'].includes(jobsEnabled)) problems.push('JOBS_ENABLED must be true or false.');
  const jobsPoll = Number(text('JOBS_POLL_INTERVAL_MS') ?? 1000);
  if (!Number.isInteger(jobsPoll) || jobsPoll < 10 || jobsPoll > 60_000) problems.push('JOBS_POLL_INTERVAL_MS must be an integer between 10 and 60000.');
  const tickInterval = Number(text('TICK_INTERVAL_SECONDS') ?? 15);
  if (!Number.isFinite(tickInterval) || tickInterval < 0.01 || tickInterval > 3600) problems.push('TICK_INTERVAL_SECONDS must be a number of seconds between 0.01 and 3600.');
  const limit = (name: string, fallback: number, max: number) => {
    const value = Number(text(name) ?? fallback);
    if (!Number.isInteger(value) || value < 1 || value > max) problems.push(`${name} must be an integer between 1 and ${max}.`);
    return value;
  };
  const rateLimit: RateLimitSettings = {
    windowMs: limit('RATE_LIMIT_WINDOW_SECONDS', 60, 3600) * 1000,
    tokenMax: limit('RATE_LIMIT_TOKEN_MAX', 30, 1_000_000),
    bearerMax: limit('RATE_LIMIT_BEARER_MAX', 1200, 1_000_000),
    appMax: limit('RATE_LIMIT_APP_MAX', 60_000, 1_000_000),
    redisUrl: text('RATE_LIMIT_REDIS_URL'),
  };
  if (rateLimit.redisUrl && !/^rediss?:\/\/[^/]+/.test(rateLimit.redisUrl)) problems.push('RATE_LIMIT_REDIS_URL must start with redis:// or rediss://.');

  const flag = (name: string) => {
    const value = (text(name) ?? 'false').toLowerCase();
    if (!['true', 'false'].includes(value)) problems.push(`${name} must be true or false.`);
    return value === 'true';
  };
  const seconds = (name: string, fallback: number, min: number, max: number) => {
    const value = Number(text(name) ?? fallback);
    if (!Number.isFinite(value) || value < min || value > max) problems.push(`${name} must be a number of seconds between ${min} and ${max}.`);
    return Math.round(value * 1000);
  };
  const push: PushSettings = {
    allowHttp: flag('PUSH_ALLOW_HTTP'),
    allowPrivateTargets: flag('PUSH_ALLOW_PRIVATE_TARGETS'),
    intervalMs: seconds('PUSH_INTERVAL_SECONDS', 300, 0.1, 86_400),
    retryBaseMs: seconds('PUSH_RETRY_BASE_SECONDS', 5, 0.01, 3600),
    workers: limit('PUSH_WORKERS', 8, 100),
  };
  const tokenKeyText = text('CONNECTION_TOKEN_KEY');
  const tokenKey = tokenKeyText === null ? null : Buffer.from(tokenKeyText, 'base64');
  if (tokenKey !== null && (tokenKey.length !== 32 || tokenKey.toString('base64') !== tokenKeyText)) {
    problems.push('CONNECTION_TOKEN_KEY must be the base64 of 32 random bytes (openssl rand -base64 32).');
  }
  const vendorSandbox = (text('VENDOR_SANDBOX') ?? 'auto').toLowerCase();
  if (!['auto', 'on', 'off'].includes(vendorSandbox)) problems.push('VENDOR_SANDBOX must be auto, on or off.');
  const sandboxPort = Number(text('SANDBOX_PORT') ?? 3001);
  if (!Number.isInteger(sandboxPort) || sandboxPort < 0 || sandboxPort > 65535) problems.push('SANDBOX_PORT must be an integer between 0 and 65535.');
  const autoConsent = text('SANDBOX_AUTO_CONSENT')?.toLowerCase() ?? null;
  if (autoConsent !== null && autoConsent !== 'approve' && autoConsent !== 'deny') problems.push('SANDBOX_AUTO_CONSENT must be approve or deny.');
  const connections: ConnectionSettings = {
    tokenKey,
    syncIntervalMinutes: limit('CONNECTION_SYNC_INTERVAL_MINUTES', 60, 7 * 24 * 60),
    backfillDays: limit('CONNECTION_BACKFILL_DAYS', 90, 3650),
    vendorSandbox: vendorSandbox as ConnectionSettings['vendorSandbox'],
    sandboxPort,
    sandboxAutoConsent: autoConsent as ConnectionSettings['sandboxAutoConsent'],
    vendorEnv: env,
  };
  const pushSenders = loadPushSenderConfig(text, problems);
  const metricsPortText = text('METRICS_PORT');
  const metricsPort = metricsPortText === null ? null : Number(metricsPortText);
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)) {
    problems.push('METRICS_PORT must be an integer between 0 and 65535.');
  }
  if (metricsPort !== null && metricsPort === port && port !== 0) problems.push('METRICS_PORT must differ from PORT: /metrics never shares the public port.');
  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters.');

  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);

  return {
    port,
    databaseUrl,
    dataDir: resolveDataDir(text('DATA_DIR') ?? './data'),
    migrationsRun: migrationsRun === 'true',
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, '') ?? null,
    trustedHosts,
    bodyLimitBytes: Number((bodyLimit as RegExpExecArray)[1]) * BYTES_PER_UNIT[(bodyLimit as RegExpExecArray)[2].toLowerCase()],
    logLevel,
    demoApp: demoApp === 'true',
    bearerCacheTtlMs: Math.round(bearerCacheTtl * 1000),
    rateLimit,
    bootstrap:
      clientId && clientSecret
        ? { clientId, clientSecret, appName: text('BOOTSTRAP_APP_NAME') ?? 'Bootstrap app' }
        : null,
    metrics: { port: metricsPort, host: text('METRICS_HOST') ?? '127.0.0.1', token: metricsToken },
    jobs: { enabled: jobsEnabled === 'true', pollIntervalMs: jobsPoll, tickIntervalMs: Math.round(tickInterval * 1000) },
    push,
    connections,
    pushSenders,
  };
}
