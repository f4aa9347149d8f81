import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { isRecord } from '../shared/payload-reading';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../shared/provider-http';

/**
 * Withings answers every call, its token endpoint included, with HTTP 200 and an envelope
 * `{status, body}` (status 0 = ok, 401 = bad token, 601 = too many requests, 522 (a timeout) and
 * 2555 (an unknown error) = try again later, anything else = the request was refused, e.g. 503
 * "invalid params" for a used code or a revoked refresh token, 2554 an unknown action).
 */
const UNAVAILABLE = new Set([522, 2555]);
const TOO_MANY_REQUESTS = 601;

/**
 * oauth4webapi's `customFetch` for the token endpoint: the envelope is unwrapped into the
 * answer RFC 6749 describes, so the library validates and reads the tokens as for any vendor,
 * and a Withings refusal becomes the OAuth error it means.
 */
export async function withingsTokenFetch(url: string, options: RequestInit): Promise<Response> {
  const response = await fetch(url, options);
  if (!response.ok) return response;
  let envelope: unknown;
  try {
    envelope = JSON.parse(await response.text());
  } catch {
    return new Response('unreadable Withings answer', { status: 502 });
  }
  const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (!isRecord(envelope) || typeof envelope.status !== 'number') return new Response('unreadable Withings answer', { status: 502 });
  if (envelope.status === 0 && isRecord(envelope.body)) {
    const body = envelope.body;
    // userid is a number in some answers: kept as text, the vendor user id.
    return json(200, { token_type: 'Bearer', ...body, ...(body.userid !== undefined ? { userid: String(body.userid) } : {}) });
  }
  if (envelope.status === TOO_MANY_REQUESTS) return json(429, { error: 'too_many_requests' });
  if (UNAVAILABLE.has(envelope.status)) return json(503, { error: 'temporarily_unavailable' });
  return json(400, { error: 'invalid_grant', error_description: `Withings status ${envelope.status}` });
}

/** The body of a data answer's envelope; its failures as ProviderErrors. */
export function withingsBody(answer: unknown, what: string): Record<string, unknown> {
  if (!isRecord(answer) || typeof answer.status !== 'number') throw new ProviderError(ProviderErrorKind.InvalidResponse, `withings ${what}: no envelope`);
  if (answer.status === 0) {
    if (!isRecord(answer.body)) throw new ProviderError(ProviderErrorKind.InvalidResponse, `withings ${what}: no body`);
    return answer.body;
  }
  if (answer.status === 401) throw new ProviderError(ProviderErrorKind.Unauthorized, `withings ${what}: the access token was not accepted`);
  if (answer.status === TOO_MANY_REQUESTS) throw new ProviderError(ProviderErrorKind.RateLimited, `withings ${what}: rate limited`, DEFAULT_RETRY_AFTER_SECONDS);
  if (UNAVAILABLE.has(answer.status)) throw new ProviderError(ProviderErrorKind.Unavailable, `withings ${what}: status ${answer.status}`);
  throw new ProviderError(ProviderErrorKind.InvalidResponse, `withings ${what}: status ${answer.status}`);
}
