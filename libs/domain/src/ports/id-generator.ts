/** Generates public identifiers (UUIDs). */
export interface IdGenerator {
  uuid(): string;
}
