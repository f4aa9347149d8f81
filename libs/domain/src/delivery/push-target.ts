import ipaddr from 'ipaddr.js';
import { PushError, PushErrorCode } from './push-error';

/** What the operator allows callback URLs to be (PUSH_ALLOW_HTTP, PUSH_ALLOW_PRIVATE_TARGETS). */
export interface PushTargetPolicy {
  readonly allowHttp: boolean;
  readonly allowPrivateTargets: boolean;
}

export const MAX_PUSH_URL_LENGTH = 2000;

/**
 * Checks a callback URL's form: absolute https (http only when allowed), a host, no user
 * name or password (they would be sent to whoever the host is), at most 2000 characters.
 * A literal IP address is checked as a target at once; host names are checked on their
 * resolved addresses (assertPublicAddresses) at creation and again before every send.
 * Returns the URL's host name (without brackets).
 */
export function checkPushUrl(text: string, policy: PushTargetPolicy): string {
  const invalid = (why: string) => new PushError(PushErrorCode.InvalidUrl, `url ${why}.`);
  if (text.length > MAX_PUSH_URL_LENGTH) throw invalid(`must be at most ${MAX_PUSH_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    throw invalid(policy.allowHttp ? 'must use https or http' : 'must use https');
  }
  if (url.username || url.password) throw invalid('must not carry a user name or password');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw invalid('must name a host');
  if (ipaddr.isValid(host)) assertPublicAddresses([host], policy);
  else if (!policy.allowPrivateTargets && /(^|\.)(localhost|internal|local)$/i.test(host.replace(/\.$/, ''))) {
    throw forbidden();
  }
  return host;
}

/**
 * Refuses addresses outside the public unicast range: loopback, private (RFC 1918, unique
 * local), link-local (which holds the 169.254.169.254 metadata service), carrier-grade NAT,
 * multicast, reserved and unspecified; IPv4-mapped IPv6 addresses are judged as their IPv4.
 */
export function assertPublicAddresses(addresses: readonly string[], policy: PushTargetPolicy): void {
  if (policy.allowPrivateTargets) return;
  if (addresses.length === 0) throw new PushError(PushErrorCode.ForbiddenTarget, 'url host does not resolve to any address.');
  const blocked = addresses.find((address) => !isPublicAddress(address));
  if (blocked !== undefined) throw forbidden();
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // ::/96 (IPv4-compatible, deprecated: ::127.0.0.1) is not global unicast, whatever the library calls it.
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return parsed.range() === 'unicast';
}

/** Says what was refused, never which address the host resolved to (that would map the service's network). */
function forbidden(): PushError {
  return new PushError(
    PushErrorCode.ForbiddenTarget,
    'url must not point at a loopback, private, link-local or metadata address: refused.',
  );
}

/**
 * The whole creation-time check of a callback URL: its form, then the addresses its host
 * resolves to (unless private targets are allowed). The sender checks the addresses again
 * before every attempt, as DNS answers change.
 */
export async function assertAllowedPushUrl(url: string, policy: PushTargetPolicy, resolver: { resolve(host: string): Promise<string[]> }): Promise<void> {
  const host = checkPushUrl(url, policy);
  if (policy.allowPrivateTargets || ipaddr.isValid(host)) return;
  assertPublicAddresses(await resolver.resolve(host), policy);
}
