import { ConnectionError, ConnectionErrorCode } from './connection-error';

export const MAX_REDIRECT_LENGTH = 2000;

/**
 * The `redirect` of a connect flow: an absolute http(s) URL without credentials, or null when
 * absent. Anything else is refused before any state is written.
 */
export function readRedirect(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const refuse = (why: string) => new ConnectionError(ConnectionErrorCode.InvalidRedirect, `redirect ${why}.`);
  if (value.length === 0) throw refuse('must not be empty');
  if (value.length > MAX_REDIRECT_LENGTH) throw refuse(`must have at most ${MAX_REDIRECT_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('must be an absolute http or https URL');
  if (url.username !== '' || url.password !== '') throw refuse('must not carry credentials');
  return url.toString();
}

/** `redirect` with `error` added to its query (interface.md "Other"). */
export function redirectWithError(redirect: string, error: 'access_denied' | 'unknown'): string {
  const url = new URL(redirect);
  url.searchParams.set('error', error);
  return url.toString();
}
