/** How long the secret replaced by a rotation still signs deliveries (contract: 24 hours). */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3_600_000;

const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks secrets are 24 to 64 random bytes. */
export const PUSH_SECRET_BYTES = 32;

/** A signing secret as Standard Webhooks libraries read it: `whsec_` + base64 of the key bytes. */
export function formatPushSecret(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${SECRET_PREFIX}${btoa(binary)}`;
}

export interface PushSecrets {
  readonly secret: string;
  /** The secret before the last rotation, valid until previousSecretExpiresAt. */
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: Date | null;
}

/** The secrets a delivery is signed with at `now`: the current one, and the previous one during the overlap. */
export function signingSecrets(secrets: PushSecrets, now: Date): string[] {
  const previousValid =
    secrets.previousSecret !== null && secrets.previousSecretExpiresAt !== null && secrets.previousSecretExpiresAt.getTime() > now.getTime();
  return previousValid ? [secrets.secret, secrets.previousSecret as string] : [secrets.secret];
}

/** A rotation: the new secret signs from now on, the current one keeps signing for 24 hours. */
export function rotatedSecrets(secrets: PushSecrets, newSecret: string, now: Date): PushSecrets {
  return { secret: newSecret, previousSecret: secrets.secret, previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS) };
}
