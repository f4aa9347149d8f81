import { TokenGenerator } from '../src/ports/token-generator';

/** Readable, predictable secrets ("secret-1", ...) and a visible digest ("digest:<secret>"). */
export class FakeTokenGenerator implements TokenGenerator {
  private counter = 0;

  newSecret(): string {
    return `secret-${++this.counter}`;
  }

  newIdentifier(): string {
    return `client-${++this.counter}`;
  }

  digest(secret: string): string {
    return `digest:${secret}`;
  }
}
