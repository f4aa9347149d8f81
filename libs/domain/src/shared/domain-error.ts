/**
 * Base of every error the domain raises on purpose. Each module declares its own
 * error class with a string enum of stable codes; the HTTP host maps every code to
 * a status in one table (apps/api/src/http/problem/domain-error-status.ts).
 */
export abstract class DomainError<Code extends string = string> extends Error {
  protected constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
