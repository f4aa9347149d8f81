import { DataProvider, Source } from '@strive/domain';

/** Where a vendor's OAuth and data API live: its real addresses, or the local sandbox's. */
export interface VendorEndpoints {
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  /** Base of the data API (paths of the vendor's reference are appended). */
  readonly apiBaseUrl: string;
  /** Token revocation / deregistration endpoint, where the vendor has one. */
  readonly revocationUrl: string | null;
}

/** One vendor's configuration, from `<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`, ... (README). */
export interface VendorSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly endpoints: VendorEndpoints;
  /** Webhook verification token or signing secret, where the vendor has one. */
  readonly webhookSecret: string | null;
  /** Plain-http endpoints are accepted only for the local sandbox. */
  readonly allowInsecureHttp: boolean;
}

/** What the catalogue knows of a vendor: how to configure it and how to build its adapter. */
export interface VendorModule {
  readonly source: Source;
  /** Prefix of its environment variables, e.g. `STRAVA`. */
  readonly envPrefix: string;
  readonly realEndpoints: VendorEndpoints;
  /** The same endpoints on the sandbox server at `sandboxBaseUrl` (e.g. http://127.0.0.1:3001). */
  sandboxEndpoints(sandboxBaseUrl: string): VendorEndpoints;
  create(settings: VendorSettings): DataProvider;
}
