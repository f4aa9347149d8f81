/** Resolves a host name to the IP addresses a connection to it would use. */
export interface AddressResolver {
  /** Every address of the host; [] when it does not resolve. */
  resolve(host: string): Promise<string[]>;
}
