import { Source } from '@strive/domain';

export interface SandboxCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookSecret: string;
}

/**
 * The fixed client credentials the local vendor sandbox accepts for a vendor (sandbox-strava /
 * sandbox-strava-secret, ...). Not secrets: the sandbox only serves synthetic data.
 */
export function sandboxCredentials(source: Source): SandboxCredentials {
  const slug = source.toLowerCase();
  return { clientId: `sandbox-${slug}`, clientSecret: `sandbox-${slug}-secret`, webhookSecret: `sandbox-${slug}-webhook` };
}
