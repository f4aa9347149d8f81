import { ProviderError, ProviderErrorKind } from '@strive/domain';

/** Every vendor call gives up after this long (then the sync retries later). */
export const REQUEST_TIMEOUT_MS = 20_000;
/** Answers larger than this are refused before parsing (a vendor page is far smaller). */
const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
/** When a 429 names no wait, this one is used. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface DataCall {
  readonly accessToken: string;
  readonly allowInsecureHttp: boolean;
  readonly headers?: Readonly<Record<string, string>>;
  readonly method?: 'GET' | 'POST' | 'DELETE';
  /** A form body (application/x-www-form-urlencoded). */
  readonly form?: Readonly<Record<string, string>>;
  /** A JSON body (Polar's user registration); not with `form`. */
  readonly json?: unknown;
  /** Seconds to wait after a 429, read from the vendor's own headers when it sends no Retry-After. */
  readonly retryAfterFromHeaders?: (headers: Headers) => number | null;
  /** Statuses answered with a body that are not errors (Fitbit's 409 "already subscribed"). */
  readonly acceptStatuses?: readonly number[];
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date), or null. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function rateLimitedError(response: Response, message: string, fromVendorHeaders?: (headers: Headers) => number | null): ProviderError {
  const seconds = retryAfterSeconds(response.headers) ?? fromVendorHeaders?.(response.headers) ?? DEFAULT_RETRY_AFTER_SECONDS;
  return new ProviderError(ProviderErrorKind.RateLimited, message, seconds);
}

/**
 * One call of a vendor's data API with the person's bearer token, its answer parsed as JSON.
 * Failures become ProviderErrors: 401 Unauthorized (refresh), 429 RateLimited (wait), 5xx and
 * no answer Unavailable (retry), anything unreadable InvalidResponse. Never logs the token.
 */
export async function callJson(url: URL, call: DataCall): Promise<unknown> {
  const target = `${call.method ?? 'GET'} ${url.pathname}`;
  if (url.protocol !== 'https:' && !call.allowInsecureHttp) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, `${target}: plain http is allowed only for the sandbox`);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method ?? 'GET',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${call.accessToken}`,
        ...(call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      },
      body: call.form ? new URLSearchParams({ ...call.form }).toString() : call.json !== undefined ? JSON.stringify(call.json) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError(ProviderErrorKind.Unavailable, `${target}: the vendor did not answer (${(error as Error).name})`);
  }
  if (response.status === 401) {
    await response.body?.cancel();
    throw new ProviderError(ProviderErrorKind.Unauthorized, `${target}: the access token was not accepted`);
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw rateLimitedError(response, `${target}: rate limited`, call.retryAfterFromHeaders);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    // A 503 may say when to come back (RFC 9110 Retry-After); the sync waits that long.
    throw new ProviderError(ProviderErrorKind.Unavailable, `${target}: the vendor answered ${response.status}`, retryAfterSeconds(response.headers));
  }
  if (!response.ok && !call.acceptStatuses?.includes(response.status)) {
    await response.body?.cancel();
    throw new ProviderError(ProviderErrorKind.InvalidResponse, `${target}: the vendor answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new ProviderError(ProviderErrorKind.InvalidResponse, `${target}: the answer is too large`);
  }
  const text = await response.text();
  if (text.length > MAX_RESPONSE_BYTES) throw new ProviderError(ProviderErrorKind.InvalidResponse, `${target}: the answer is too large`);
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, `${target}: the answer is not JSON`);
  }
}
