import { DataProvider } from '../ports/data-provider';
import { Source, SOURCES } from '../records/activity-records';
import { ConnectionError, ConnectionErrorCode } from './connection-error';

/** Sources whose data arrives only through a vendor SDK inside a mobile app, then the upload endpoint. */
export const MOBILE_SDK_SOURCES: readonly Source[] = ['APPLE', 'HEALTH_CONNECT'];

/** The connection slug of a source: its lower-case name (contract.md). */
export const slugOf = (source: Source): string => source.toLowerCase();

/** The vendors this server connects to (its configured adapters), found by slug. */
export class ProviderDirectory {
  private readonly bySource = new Map<Source, DataProvider>();

  constructor(providers: readonly DataProvider[]) {
    for (const provider of providers) this.bySource.set(provider.source, provider);
  }

  /** Every connectable source, in the contract's order. */
  get sources(): Source[] {
    return SOURCES.filter((source) => this.bySource.has(source));
  }

  /** The adapter of a slug: unknown slug 404, mobile-SDK sources 400 (they never connect by OAuth). */
  require(slug: string): DataProvider {
    const source = SOURCES.find((s) => slugOf(s) === slug);
    if (source !== undefined && MOBILE_SDK_SOURCES.includes(source)) {
      throw new ConnectionError(
        ConnectionErrorCode.MobileSdkOnly,
        `${slug} connects through the mobile SDK inside your app; its data arrives through POST /profile/{id}/data/.`,
      );
    }
    const provider = source === undefined ? undefined : this.bySource.get(source);
    if (provider === undefined) {
      throw new ConnectionError(ConnectionErrorCode.UnknownSource, `No connectable source ${JSON.stringify(slug.slice(0, 64))}.`);
    }
    return provider;
  }

  /** The adapter of a stored connection's source (null when no longer configured). */
  find(source: Source): DataProvider | null {
    return this.bySource.get(source) ?? null;
  }
}
