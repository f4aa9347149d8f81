import rateLimitPlugin from '@fastify/rate-limit';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Principal } from '@strive/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { AppConfig, RateLimitSettings } from '../../config/app-config';
import { APP_CONFIG } from '../../system/tokens';
import { problemOf, sendProblem } from '../problem/problem-details.filter';
import { RateLimitCount, RateLimitExceeded, setRateLimitHeaders } from './rate-limit-answer';
import { basicCredentialsOf, bearerKeyOf, bearerTokenOf } from '../../auth/authorization-header';
import { decodedPathOf, isTokenPath } from '../shared/request-path';

export type RateLimitKind = 'token' | 'bearer' | 'app';
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const DECORATOR = 'striveRateLimits';
// Keys kept per limit in this process; the least recently seen are forgotten first.
const KEYS_PER_LIMIT = 20_000;

/** The three limits (docs/decisions.md "Rate limits"), counted by @fastify/rate-limit's store. */
export class RateLimits {
  private limiters?: Record<RateLimitKind, Limiter>;

  constructor(
    private readonly fastify: FastifyInstance,
    private readonly settings: RateLimitSettings,
  ) {}

  /** Counts the request against one limit. */
  async count(kind: RateLimitKind, request: FastifyRequest): Promise<RateLimitCount> {
    const result = await this.limiter(kind)(request);
    if (result.isAllowed) throw new Error('Rate limits have no allow list.');
    return result;
  }

  // Built on first use: the plugin's decorator exists once Fastify has loaded it (at listen).
  private limiter(kind: RateLimitKind): Limiter {
    const { windowMs, tokenMax, bearerMax, appMax } = this.settings;
    // A store outage (Redis down) lets requests through rather than failing the API.
    const create = (max: number, keyGenerator: (request: FastifyRequest) => string) =>
      this.fastify.createRateLimit({ max, timeWindow: windowMs, keyGenerator, skipOnError: true, cache: KEYS_PER_LIMIT } as Parameters<FastifyInstance['createRateLimit']>[0]);
    this.limiters ??= {
      token: create(tokenMax, (request) => {
        const credentials = basicCredentialsOf(request.headers.authorization);
        return credentials === null ? `ip:${request.ip}` : `client:${credentials.clientId}`;
      }),
      bearer: create(bearerMax, (request) => `bearer:${bearerKeyOf(request.headers.authorization)}`),
      app: create(appMax, (request) => `app:${(request as FastifyRequest & { user: Principal }).user.appId}`),
    };
    return this.limiters[kind];
  }
}

/** The limits registered on this server, if any (the per-app guard reads them). */
export function rateLimitsOf(fastify: FastifyInstance): RateLimits | undefined {
  return (fastify as FastifyInstance & { [DECORATOR]?: RateLimits })[DECORATOR];
}

/**
 * Registers @fastify/rate-limit and counts, before any body parsing or database work,
 * POST /token/ per client id and every other API request per bearer. The per-app limit needs
 * the authenticated bearer: AppRateLimitGuard counts it after authentication.
 */
export function registerRateLimits(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const settings = app.get<AppConfig>(APP_CONFIG).rateLimit;
  const redis = settings.redisUrl ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false }) : null;
  if (redis) fastify.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  const limits = new RateLimits(fastify, settings);
  // The store: Redis shared by every API process (RATE_LIMIT_REDIS_URL), else an LRU in this process.
  const store = redis ? { redis, nameSpace: 'strive-rate-limit:' } : { cache: KEYS_PER_LIMIT };
  void fastify.register(rateLimitPlugin, { global: false, skipOnError: true, ...store });
  fastify.decorate(DECORATOR, limits);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Decoded as the router decodes it: /%61pi/v1/%74oken/ is counted like /api/v1/token/.
    const path = decodedPathOf(request.url);
    if (!path.startsWith('/api/')) return;
    const isToken = request.method === 'POST' && isTokenPath(path);
    if (!isToken && bearerTokenOf(request.headers.authorization) === null) return;
    const count = await limits.count(isToken ? 'token' : 'bearer', request);
    setRateLimitHeaders(reply, count);
    if (!count.isExceeded) return;
    const what = isToken ? 'for this client id' : 'for this bearer';
    sendProblem(reply, problemOf(new RateLimitExceeded(what, count.ttlInSeconds), request.originalUrl.split('?')[0]));
    return reply;
  });
}
