import { createHmac, timingSafeEqual } from 'node:crypto';

/** Whether `signature` is the HMAC of `data` under `key`, compared in constant time. */
export function hmacMatches(
  algorithm: 'sha1' | 'sha256',
  key: string,
  data: string,
  signature: string | undefined,
  encoding: 'base64' | 'hex',
): boolean {
  if (!signature) return false;
  const expected = createHmac(algorithm, key).update(data, 'utf8').digest();
  const given = Buffer.from(encoding === 'hex' ? signature.toLowerCase() : signature, encoding);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time equality of two secrets (webhook verification tokens). */
export function secretEquals(given: string | undefined, expected: string | null): boolean {
  if (given === undefined || expected === null || expected === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
