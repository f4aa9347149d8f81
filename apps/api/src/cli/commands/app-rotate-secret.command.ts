import { RotateAppSecretUseCase } from '@strive/domain';
import { CliCommand } from '../cli-command';

/**
 * A new client secret, printed once; the old one and the admin bearers issued with it stop
 * working (running servers hear the deleted tokens: docs/decisions.md "Bearer cache").
 */
export const appRotateSecretCommand: CliCommand = {
  words: 'app rotate-secret',
  usage: 'app rotate-secret --client-id <id>',
  options: { 'client-id': { type: 'string' } },
  check: (values) => (typeof values['client-id'] === 'string' && values['client-id'] ? null : '--client-id is required.'),
  async run(context, values, output) {
    const credentials = await context.get(RotateAppSecretUseCase).execute({ clientId: String(values['client-id']) });
    output.out(JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret }));
    output.note('The old secret no longer works, nor do the admin bearers issued with it. This secret is shown only now.');
    return 0;
  },
};
