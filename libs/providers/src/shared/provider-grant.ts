import { ProviderGrant } from '@strive/domain';
import type { TokenEndpointResponse } from 'oauth4webapi';

/**
 * A token answer as a ProviderGrant. Vendors that do not rotate refresh tokens leave it out of
 * refresh answers, and most do not repeat the user id or the scope: those carry over.
 */
export function grantFromTokens(
  tokens: TokenEndpointResponse,
  vendorUserId: string,
  scope: string | null,
  previous?: ProviderGrant,
  now = Date.now(),
): ProviderGrant {
  const expiresAtSeconds = typeof tokens.expires_at === 'number' ? tokens.expires_at : null;
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt:
      typeof tokens.expires_in === 'number' ? new Date(now + tokens.expires_in * 1000) : expiresAtSeconds !== null ? new Date(expiresAtSeconds * 1000) : null,
    scope: tokens.scope ?? scope ?? previous?.scope ?? null,
    vendorUserId,
  };
}
