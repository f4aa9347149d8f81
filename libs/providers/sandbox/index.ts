import { SandboxVendor } from './sandbox-vendor';
import { startSandboxServer, VendorSandbox, VendorSandboxOptions } from './sandbox-server';
import { FITBIT_SANDBOX } from './fitbit.sandbox';
import { OURA_SANDBOX } from './oura.sandbox';
import { STRAVA_SANDBOX } from './strava.sandbox';
import { GARMIN_SANDBOX } from './garmin.sandbox';
import { POLAR_SANDBOX } from './polar.sandbox';
import { WITHINGS_SANDBOX } from './withings.sandbox';
import { WHOOP_SANDBOX } from './whoop.sandbox';
import { WAHOO_SANDBOX } from './wahoo.sandbox';

export type { AutoConsent, VendorSandbox, VendorSandboxOptions } from './sandbox-server';
export { sandboxCredentials } from '@strive/providers';
export type { SandboxCredentials } from '@strive/providers';

/** Every vendor the sandbox plays, one line each. */
export const SANDBOX_VENDORS: readonly SandboxVendor[] = [
  GARMIN_SANDBOX,
  POLAR_SANDBOX,
  WITHINGS_SANDBOX,
  WHOOP_SANDBOX,
  WAHOO_SANDBOX,
  STRAVA_SANDBOX,
  FITBIT_SANDBOX,
  OURA_SANDBOX,
];

/**
 * Starts the local vendor sandbox: each vendor's OAuth and data endpoints under /<slug>/ with
 * synthetic data, and the test controls under /__sandbox/ (docs/providers.md).
 */
export function startVendorSandbox(options: VendorSandboxOptions = {}): Promise<VendorSandbox> {
  return startSandboxServer(SANDBOX_VENDORS, options);
}
