import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppFeatureError, CreateAppUseCase, GrantAppFeatureUseCase, RevokeAppFeatureUseCase } from '@strive/domain';
import { parseArgs } from 'node:util';
import { CliModule } from './cli.module';

const USAGE = [
  'usage: npm run cli -- app create --name <name>',
  '       npm run cli -- app grant --client-id <client id> --feature <feature>',
  '       npm run cli -- app revoke --client-id <client id> --feature <feature>',
].join('\n');

/**
 * Operator commands. `app create` prints the new app's client credentials once;
 * only the secret's digest is stored. `app grant` / `app revoke` switch a feature that
 * is granted on request (ecg_pdf) on or off for one app and print what changed. With the
 * embedded database, stop the server first: PGlite is opened by one process at a time.
 */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv, allowPositionals: true,
    options: { name: { type: 'string' }, 'client-id': { type: 'string' }, feature: { type: 'string' } },
  });
  const command = positionals.join(' ');
  const clientId = values['client-id']?.trim();
  const feature = values.feature?.trim();
  const valid =
    (command === 'app create' && !!values.name?.trim()) ||
    ((command === 'app grant' || command === 'app revoke') && !!clientId && !!feature);
  if (!valid) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const context = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
  try {
    if (command === 'app create') {
      const { credentials } = await context.get(CreateAppUseCase).execute({ name: (values.name as string).trim() });
      process.stdout.write(`${JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret })}\n`);
      return 0;
    }
    const input = { clientId: clientId as string, feature: feature as string };
    if (command === 'app grant') {
      const created = await context.get(GrantAppFeatureUseCase).execute(input);
      process.stdout.write(`${JSON.stringify({ client_id: input.clientId, feature: input.feature, granted: true, changed: created })}\n`);
    } else {
      const removed = await context.get(RevokeAppFeatureUseCase).execute(input);
      process.stdout.write(`${JSON.stringify({ client_id: input.clientId, feature: input.feature, granted: false, changed: removed })}\n`);
    }
    return 0;
  } catch (error) {
    // An unknown client id or feature is the operator's typo: said plainly, exit code 1.
    if (error instanceof AppFeatureError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
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
