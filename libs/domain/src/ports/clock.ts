/** The current instant. Injected so that expiry and period rules are testable without waiting. */
export interface Clock {
  now(): Date;
}
