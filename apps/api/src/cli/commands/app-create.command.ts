import { CreateAppUseCase } from '@strive/domain';
import { CliCommand } from '../cli-command';

/** Prints the new app's client credentials once; only the secret's digest is stored. */
export const appCreateCommand: CliCommand = {
  words: 'app create',
  usage: 'app create --name <name>',
  options: { name: { type: 'string' } },
  check: (values) => (typeof values.name === 'string' && values.name.trim() ? null : '--name is required.'),
  async run(context, values, output) {
    const { credentials } = await context.get(CreateAppUseCase).execute({ name: String(values.name).trim() });
    output.out(JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret }));
    return 0;
  },
};
