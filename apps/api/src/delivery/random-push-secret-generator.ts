import { formatPushSecret, PUSH_SECRET_BYTES, PushSecretGenerator } from '@strive/domain';
import { randomBytes } from 'node:crypto';

export class RandomPushSecretGenerator implements PushSecretGenerator {
  newSecret(): string {
    return formatPushSecret(randomBytes(PUSH_SECRET_BYTES));
  }
}
