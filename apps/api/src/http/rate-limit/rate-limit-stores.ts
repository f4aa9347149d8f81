import type Redis from 'ioredis';

/** What a store of @fastify/rate-limit answers for one counted request. */
export interface StoreCount {
  readonly current: number;
  /** Milliseconds until the window resets. */
  readonly ttl: number;
}

/** A store of @fastify/rate-limit: fixed-window counters, in this process or in Redis. */
export interface RateLimitStore {
  /** Counts one request under `key`; the in-process store calls back before it returns. */
  incr(key: string, callback: (error: Error | null, count: StoreCount | null) => void, timeWindowMs: number, max: number): void;
}

type StoreClass<Rest extends unknown[]> = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: Rest) => RateLimitStore;

// The plugin's own stores, without its per-request wrapper (a key generator awaited, route options
// built, a promise around the store and a result object per count): that wrapper was the largest
// layer of a leaderboard request (docs/decisions.md "Rate limits"). The package ships them as
// files with no type declarations; the version is pinned in package.json.
/* eslint-disable @typescript-eslint/no-require-imports */
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreClass<[cache: number]>;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreClass<[redis: Redis, nameSpace: string]>;
/* eslint-enable @typescript-eslint/no-require-imports */

/** Counters in this process: an LRU of `keys` keys, the least recently counted forgotten first. */
export function inProcessStore(keys: number): RateLimitStore {
  return new LocalStore(false, false, keys);
}

/** Counters in Redis, shared by every process that uses the same Redis and name space. */
export function redisStore(redis: Redis, nameSpace: string): RateLimitStore {
  return new RedisStore(false, false, redis, nameSpace);
}
