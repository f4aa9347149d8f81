import { Connection, ConnectionListing, MOBILE_SDK_SOURCES, slugOf, Source } from '@strive/domain';
import { ApiUrl } from '../shared/api-url';
import { ConnectionView } from './connection.dto';

/** Strive's OAuth callback for a vendor (always /api/v1: the URL registered with the vendor). */
export const callbackUrl = (url: ApiUrl, slug: string): string => `${url.origin}/api/v1/connection/${slug}/callback/`;

/** The link that starts a connect flow from a browser (no bearer: the ticket). */
export function authorizeUrl(url: ApiUrl, slug: string, ticket: string, toWidget = false): string {
  const query = new URLSearchParams({ ticket, ...(toWidget ? { return: 'widget' } : {}) });
  return `${url.origin}/api/v1/connection/${slug}/authorize/?${query}`;
}

export function widgetUrl(url: ApiUrl, ticket: string, extra: Record<string, string> = {}): string {
  return `${url.origin}/api/v1/connection_widget/?${new URLSearchParams({ ticket, ...extra })}`;
}

function view(source: Source, connection: Connection | null, connectUrl: string | null): ConnectionView {
  return {
    source, slug: slugOf(source), connects_via: connectUrl === null ? 'mobile_sdk' : 'oauth', state: connection?.state ?? 'not_connected',
    sync_state: connection?.syncState ?? 'not_synced', last_sync_at: connection?.lastSyncAt?.toISOString() ?? null, last_error: connection?.lastError ?? null,
    connect_url: connectUrl,
  };
}

/** Every connectable source, then the mobile-SDK ones (their data arrives through uploads). */
export function presentConnections(listing: ConnectionListing, url: ApiUrl): ConnectionView[] {
  return [
    ...listing.sources.map(({ source, connection }) => view(source, connection, authorizeUrl(url, slugOf(source), listing.ticket))),
    ...MOBILE_SDK_SOURCES.map((source) => view(source, null, null)),
  ];
}
