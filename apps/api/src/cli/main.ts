import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CreateAppUseCase } from '@strive/domain';
import { parseArgs } from 'node:util';
import { CliModule } from './cli.module';

const USAGE = 'usage: npm run cli -- app create --name <name>';

/**
 * Operator commands. `app create` prints the new app's client credentials once;
 * only the secret's digest is stored. With the embedded database, stop the server
 * first: PGlite is opened by one process at a time.
 */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { name: { type: 'string' } } });
  if (positionals.join(' ') !== 'app create' || !values.name?.trim()) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const context = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
  try {
    const { credentials } = await context.get(CreateAppUseCase).execute({ name: values.name.trim() });
    process.stdout.write(`${JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret })}\n`);
    return 0;
  } finally {
    await context.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
