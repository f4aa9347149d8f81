import { HttpException, HttpStatus } from '@nestjs/common';

/** What one limit reports for a request it counted. */
export interface RateLimitCount {
  readonly max: number;
  readonly remaining: number;
  readonly ttlInSeconds: number;
  readonly isExceeded: boolean;
}

interface HeaderReply {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}

/** Thrown (or turned into a problem) when a limit is used up; the problem filter answers 429. */
export class RateLimitExceeded extends HttpException {
  constructor(what: string, retryAfterSeconds: number) {
    super(`Too many requests ${what}; retry in ${retryAfterSeconds} s.`, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Sets the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers, the separate
 * RateLimit-Limit/-Remaining/-Reset form) and, on a 429, Retry-After. When two limits apply to
 * one request (bearer and app), the headers describe the one with fewer requests left.
 */
export function setRateLimitHeaders(reply: HeaderReply, count: RateLimitCount): void {
  const shown = Number(reply.getHeader('RateLimit-Remaining') ?? Number.POSITIVE_INFINITY);
  if (count.isExceeded || count.remaining < shown) {
    reply.header('RateLimit-Limit', String(count.max));
    reply.header('RateLimit-Remaining', String(count.remaining));
    reply.header('RateLimit-Reset', String(count.ttlInSeconds));
  }
  if (count.isExceeded) reply.header('Retry-After', String(count.ttlInSeconds));
}
