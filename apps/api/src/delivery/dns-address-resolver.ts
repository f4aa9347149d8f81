import { AddressResolver } from '@strive/domain';
import { lookup } from 'node:dns/promises';

/** The addresses the system resolver gives for a host (what a connection would use); [] when it does not resolve. */
export class DnsAddressResolver implements AddressResolver {
  async resolve(host: string): Promise<string[]> {
    try {
      return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return [];
    }
  }
}
