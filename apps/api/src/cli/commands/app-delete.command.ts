import { DeleteAppUseCase } from '@strive/domain';
import { CliCommand } from '../cli-command';

/** Deletes an app with everything it owns; asks for --yes, since nothing brings it back. */
export const appDeleteCommand: CliCommand = {
  words: 'app delete',
  usage: 'app delete --client-id <id> --yes',
  options: { 'client-id': { type: 'string' }, yes: { type: 'boolean' } },
  check: (values) => {
    if (typeof values['client-id'] !== 'string' || !values['client-id']) return '--client-id is required.';
    return values.yes ? null : 'This deletes the app and all its data (profiles, records, points, challenges, teams) for good: add --yes to confirm.';
  },
  async run(context, values, output) {
    const app = await context.get(DeleteAppUseCase).execute({ clientId: String(values['client-id']) });
    output.note(`Deleted the app "${app.name}" (client id ${app.clientId}) and all its data.`);
    return 0;
  },
};
