import { Clock } from '@strive/domain';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
