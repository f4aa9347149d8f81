import { IdGenerator } from '@strive/domain';
import { randomUUID } from 'node:crypto';

export class RandomIdGenerator implements IdGenerator {
  uuid(): string {
    return randomUUID();
  }
}
