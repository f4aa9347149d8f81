import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import Redis from 'ioredis';
import { AppConfig, RateLimitSettings } from '../../config/app-config';
import { APP_CONFIG } from '../../system/tokens';
import { problemOf, sendProblem } from '../problem/problem-details.filter';
import { RateLimitCount, RateLimitExceeded, setRateLimitHeaders } from './rate-limit-answer';
import { inProcessStore, RateLimitStore, redisStore } from './rate-limit-stores';
import { basicCredentialsOf, bearerKeyOf, bearerTokenOf } from '../../auth/authorization-header';
import { decodedPathOf, isTokenPath } from '../shared/request-path';

export type RateLimitKind = 'token' | 'bearer' | 'app';

const DECORATOR = 'striveRateLimits';
// Keys kept per limit in this process; the least recently seen are forgotten first.
const KEYS_PER_LIMIT = 20_000;

/** The three limits (docs/decisions.md "Rate limits"), counted by @fastify/rate-limit's stores. */
export class RateLimits {
  private readonly max: Record<RateLimitKind, number>;

  constructor(
    private readonly settings: RateLimitSettings,
    // One store per limit in memory; in Redis one name space, the keys prefixed with their limit.
    private readonly stores: Record<RateLimitKind, RateLimitStore>,
  ) {
    this.max = { token: settings.tokenMax, bearer: settings.bearerMax, app: settings.appMax };
  }

  /**
   * Counts one request under `key` against one limit: the count, or null when the store could not
   * be reached (the request is then let through: a store outage should not take the API down).
   * Counted in memory, the answer comes without a promise; from Redis, as a promise that never rejects.
   */
  count(kind: RateLimitKind, key: string): RateLimitCount | null | Promise<RateLimitCount | null> {
    const max = this.max[kind];
    let answered: { count: RateLimitCount | null } | undefined;
    let later: ((count: RateLimitCount | null) => void) | undefined;
    this.stores[kind].incr(`${kind}:${key}`, (error, stored) => {
      const count = error || !stored
        ? null
        : { max, remaining: Math.max(0, max - stored.current), ttlInSeconds: Math.ceil(stored.ttl / 1000), isExceeded: stored.current > max };
      if (later) later(count);
      else answered = { count };
    }, this.settings.windowMs, max);
    return answered ? answered.count : new Promise((resolve) => (later = resolve));
  }
}

/** The limits registered on this server, if any (the per-app guard reads them). */
export function rateLimitsOf(fastify: FastifyInstance): RateLimits | undefined {
  return (fastify as FastifyInstance & { [DECORATOR]?: RateLimits })[DECORATOR];
}

/**
 * Counts, before any body parsing or database work, POST /token/ per client id and every other
 * API request per bearer. The per-app limit needs the authenticated bearer: AppRateLimitGuard
 * counts it after authentication.
 */
export function registerRateLimits(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const settings = app.get<AppConfig>(APP_CONFIG).rateLimit;
  // The store: Redis shared by every API process (RATE_LIMIT_REDIS_URL), else an LRU in this process.
  const redis = settings.redisUrl ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false }) : null;
  // quit() fails while Redis is unreachable; disconnect() then stops ioredis reconnecting forever.
  if (redis) fastify.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  const store = () => (redis ? redisStore(redis, 'strive-rate-limit:') : inProcessStore(KEYS_PER_LIMIT));
  const limits = new RateLimits(settings, { token: store(), bearer: store(), app: store() });
  fastify.decorate(DECORATOR, limits);
  // A callback hook, not an async one: counted in memory, no promise per request.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // Decoded as the router decodes it: /%61pi/v1/%74oken/ is counted like /api/v1/token/.
    const path = decodedPathOf(request.url);
    if (!path.startsWith('/api/')) return done();
    const isToken = request.method === 'POST' && isTokenPath(path);
    const authorization = request.headers.authorization;
    const token = isToken ? null : bearerTokenOf(authorization);
    if (!isToken && token === null) return done();
    const credentials = isToken ? basicCredentialsOf(authorization) : null;
    const key = token !== null ? bearerKeyOf(token) : credentials === null ? `ip:${request.ip}` : `client:${credentials.clientId}`;
    const answer = (count: RateLimitCount | null) => {
      if (count === null) return done();
      setRateLimitHeaders(reply, count);
      if (!count.isExceeded) return done();
      const what = isToken ? 'for this client id' : 'for this bearer';
      // Answered here: the request goes no further (a callback hook that replies does not call done).
      sendProblem(reply, problemOf(new RateLimitExceeded(what, count.ttlInSeconds), request.originalUrl.split('?')[0]));
    };
    const counted = limits.count(isToken ? 'token' : 'bearer', key);
    if (counted instanceof Promise) void counted.then(answer);
    else answer(counted);
  });
}
