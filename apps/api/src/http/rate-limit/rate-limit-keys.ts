import { createHash } from 'node:crypto';

const BASIC = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i;
const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * The client id of an HTTP Basic header, read without verifying anything: POST /token/ is
 * limited per client id before its secret is checked. Null when there is no usable Basic header.
 */
export function basicClientIdOf(authorization: string | undefined): string | null {
  const encoded = authorization ? BASIC.exec(authorization)?.[1] : undefined;
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : null;
}

/**
 * A digest of the bearer token, so the counters (and a shared store, later) never hold a
 * usable token. Null when the request carries no bearer.
 */
export function bearerKeyOf(authorization: string | undefined): string | null {
  const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  return token ? createHash('sha256').update(token).digest('base64url') : null;
}
