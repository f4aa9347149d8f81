import { INestApplicationContext } from '@nestjs/common';
import { ParseArgsConfig } from 'node:util';

export type CliValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command writes: its result on stdout, progress and notes on stderr. */
export interface CliOutput {
  out(text: string): void;
  note(text: string): void;
}

/**
 * One operator command (`app list`, `demo seed`, ...): its words, its options, a check of
 * them made before the database is opened, and the work itself. Each lives in its own file
 * under commands/ and is listed once in main.ts.
 */
export interface CliCommand {
  readonly words: string;
  readonly usage: string;
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** What is wrong with the options (exit 2, nothing opened), or null. */
  check?(values: CliValues): string | null;
  /** The exit code. */
  run(context: INestApplicationContext, values: CliValues, output: CliOutput): Promise<number>;
}
