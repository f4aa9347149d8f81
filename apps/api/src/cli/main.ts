import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/app-config';
import { acquireEmbeddedDatabaseLock, releaseEmbeddedDatabaseLock } from '../persistence/embedded-database-lock';
import { CliCommand, CliOutput } from './cli-command';
import { describeDatabase } from './cli-database';
import { CliModule } from './cli.module';
import { appCreateCommand } from './commands/app-create.command';
import { appDeleteCommand } from './commands/app-delete.command';
import { appGrantFeatureCommand, appRevokeFeatureCommand } from './commands/app-feature.command';
import { appListCommand } from './commands/app-list.command';
import { appRotateSecretCommand } from './commands/app-rotate-secret.command';
import { dbMigrateCommand } from './commands/db-migrate.command';
import { demoSeedCommand } from './commands/demo-seed.command';

/** Every operator command, one line each. */
const COMMANDS: readonly CliCommand[] = [
  appCreateCommand,
  appListCommand,
  appRotateSecretCommand,
  appDeleteCommand,
  appGrantFeatureCommand,
  appRevokeFeatureCommand,
  demoSeedCommand,
  dbMigrateCommand,
];

const USAGE = `usage: npm run cli -- <command>\n${COMMANDS.map((command) => `  ${command.usage}`).join('\n')}`;

const output: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  note: (text) => process.stderr.write(`${text}\n`),
};

/**
 * Operator commands, on the same database as the server: the same configuration (DATABASE_URL,
 * else embedded PGlite in DATA_DIR, a relative DATA_DIR read from the project's root). Says on
 * stderr which database it opens; refuses (exit 1) an embedded database a running server holds.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
async function main(argv: string[]): Promise<number> {
  const command = COMMANDS.find((candidate) => argv.slice(0, 2).join(' ') === candidate.words);
  if (!command) {
    output.note(USAGE);
    return 2;
  }
  let values;
  try {
    values = parseArgs({ args: argv.slice(2), options: command.options, strict: true }).values;
  } catch (error) {
    output.note(`${(error as Error).message}\nusage: npm run cli -- ${command.usage}`);
    return 2;
  }
  const problem = command.check?.(values) ?? null;
  if (problem) {
    output.note(`${problem}\nusage: npm run cli -- ${command.usage}`);
    return 2;
  }

  const config = loadConfig(process.env);
  output.note(`Database: ${describeDatabase(config)}`);
  if (!config.databaseUrl) acquireEmbeddedDatabaseLock(config.dataDir, 'cli');
  try {
    const context = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
    try {
      return await command.run(context, values, output);
    } finally {
      await context.close();
    }
  } finally {
    if (!config.databaseUrl) releaseEmbeddedDatabaseLock(config.dataDir);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    // Refusals (a held database, an unknown client id, bad configuration): one sentence, no stack.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
