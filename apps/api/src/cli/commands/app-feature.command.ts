import { GrantAppFeatureUseCase, RevokeAppFeatureUseCase } from '@strive/domain';
import { CliCommand, CliValues } from '../cli-command';

const options = { 'client-id': { type: 'string' }, feature: { type: 'string' } } as const;

function check(values: CliValues): string | null {
  const given = (name: string) => typeof values[name] === 'string' && String(values[name]).trim() !== '';
  return given('client-id') && given('feature') ? null : '--client-id and --feature are required.';
}

const inputOf = (values: CliValues) => ({ clientId: String(values['client-id']).trim(), feature: String(values.feature).trim() });

/**
 * Features granted per app on request (ecg_pdf): `app grant` switches one on, `app revoke` off;
 * each prints what changed. An unknown client id or feature is a refusal (exit 1).
 */
export const appGrantFeatureCommand: CliCommand = {
  words: 'app grant',
  usage: 'app grant --client-id <id> --feature <feature>',
  options,
  check,
  async run(context, values, output) {
    const input = inputOf(values);
    const changed = await context.get(GrantAppFeatureUseCase).execute(input);
    output.out(JSON.stringify({ client_id: input.clientId, feature: input.feature, granted: true, changed }));
    return 0;
  },
};

export const appRevokeFeatureCommand: CliCommand = {
  words: 'app revoke',
  usage: 'app revoke --client-id <id> --feature <feature>',
  options,
  check,
  async run(context, values, output) {
    const input = inputOf(values);
    const changed = await context.get(RevokeAppFeatureUseCase).execute(input);
    output.out(JSON.stringify({ client_id: input.clientId, feature: input.feature, granted: false, changed }));
    return 0;
  },
};
