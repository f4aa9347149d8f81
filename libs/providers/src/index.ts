import { DataProvider, Source } from '@strive/domain';
import { VendorModule, VendorSettings } from './vendor-module';
import { sandboxCredentials } from './sandbox-credentials';
import { FITBIT_MODULE } from './fitbit/fitbit.vendor';
import { OURA_MODULE } from './oura/oura.vendor';
import { STRAVA_MODULE } from './strava/strava.vendor';

export type { VendorEndpoints, VendorModule, VendorSettings } from './vendor-module';
export { sandboxCredentials } from './sandbox-credentials';
export type { SandboxCredentials } from './sandbox-credentials';

/** Every vendor adapter, one line each. */
export const VENDOR_MODULES: readonly VendorModule[] = [
  STRAVA_MODULE,
  FITBIT_MODULE,
  OURA_MODULE,
];

/**
 * Each vendor's settings from the environment: `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`
 * (both, or the vendor counts as unconfigured), optional `<PREFIX>_AUTH_URL`, `_TOKEN_URL`,
 * `_API_URL`, `_REVOKE_URL` and `_WEBHOOK_SECRET`. An unconfigured vendor talks to the sandbox
 * at `sandboxBaseUrl` with the sandbox's credentials, or is left out when there is none.
 */
export function vendorSettingsFromEnv(env: Readonly<Record<string, string | undefined>>, sandboxBaseUrl: string | null): Map<Source, VendorSettings> {
  const settings = new Map<Source, VendorSettings>();
  for (const vendor of VENDOR_MODULES) {
    const value = (name: string) => {
      const text = env[`${vendor.envPrefix}_${name}`]?.trim();
      return text ? text : null;
    };
    const clientId = value('CLIENT_ID');
    const clientSecret = value('CLIENT_SECRET');
    if (clientId && clientSecret) {
      const real = vendor.realEndpoints;
      settings.set(vendor.source, {
        clientId,
        clientSecret,
        endpoints: {
          authorizationUrl: value('AUTH_URL') ?? real.authorizationUrl,
          tokenUrl: value('TOKEN_URL') ?? real.tokenUrl,
          apiBaseUrl: value('API_URL') ?? real.apiBaseUrl,
          revocationUrl: value('REVOKE_URL') ?? real.revocationUrl,
        },
        webhookSecret: value('WEBHOOK_SECRET'),
        allowInsecureHttp: false,
      });
    } else if (sandboxBaseUrl !== null) {
      const sandbox = sandboxCredentials(vendor.source);
      settings.set(vendor.source, {
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        endpoints: vendor.sandboxEndpoints(sandboxBaseUrl.replace(/\/+$/, '')),
        webhookSecret: sandbox.webhookSecret,
        allowInsecureHttp: true,
      });
    }
  }
  return settings;
}

/** The adapters of the configured vendors. */
export function createDataProviders(settings: ReadonlyMap<Source, VendorSettings>): DataProvider[] {
  return VENDOR_MODULES.flatMap((vendor) => {
    const own = settings.get(vendor.source);
    return own ? [vendor.create(own)] : [];
  });
}
