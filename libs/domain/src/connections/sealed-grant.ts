import { ProviderGrant } from '../ports/data-provider';
import { TokenCipher } from '../ports/token-cipher';

/** A grant as the cipher seals it (JSON inside; tokens never leave it in clear). */
export function sealGrant(cipher: TokenCipher, grant: ProviderGrant): string {
  return cipher.seal(
    JSON.stringify({
      accessToken: grant.accessToken, refreshToken: grant.refreshToken, expiresAt: grant.expiresAt?.toISOString() ?? null,
      scope: grant.scope, vendorUserId: grant.vendorUserId,
    }),
  );
}

export function openGrant(cipher: TokenCipher, sealed: string): ProviderGrant {
  const raw = JSON.parse(cipher.open(sealed)) as { accessToken: string; refreshToken: string | null; expiresAt: string | null; scope: string | null; vendorUserId: string };
  return { ...raw, expiresAt: raw.expiresAt === null ? null : new Date(raw.expiresAt) };
}
