import { hash } from 'node:crypto';

const BASIC = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i;
const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * The credentials of an HTTP Basic header, read without verifying anything. Null when the
 * header is not exactly `Basic <base64 of id:secret>`: the Basic strategy then refuses it too, so
 * the client id that POST /token/ is rate-limited by is always the one it authenticates.
 */
export function basicCredentialsOf(authorization: string | undefined): { clientId: string; clientSecret: string } | null {
  const encoded = authorization ? BASIC.exec(authorization)?.[1] : undefined;
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) } : null;
}

/** The token of an `Authorization: bearer <token>` header (the only place a bearer is read from); null when absent. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  return (authorization ? BEARER.exec(authorization)?.[1] : undefined) ?? null;
}

/** A digest of the bearer token, so rate-limit counters (in memory or Redis) never hold a usable token. */
export function bearerKeyOf(token: string): string {
  return hash('sha256', token, 'base64url');
}
