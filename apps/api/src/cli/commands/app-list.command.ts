import { ListAppsUseCase } from '@strive/domain';
import { CliCommand } from '../cli-command';

/** Every app (never a secret): a table, or JSON with --json. */
export const appListCommand: CliCommand = {
  words: 'app list',
  usage: 'app list [--json]',
  options: { json: { type: 'boolean' } },
  async run(context, values, output) {
    const apps = (await context.get(ListAppsUseCase).execute()).map((app) => ({
      client_id: app.clientId,
      name: app.name,
      created_at: app.createdAt.toISOString(),
    }));
    if (values.json) {
      output.out(JSON.stringify(apps));
      return 0;
    }
    if (apps.length === 0) {
      output.note('No app yet: create one with `npm run cli -- app create --name <name>`.');
      return 0;
    }
    const width = Math.max('CLIENT ID'.length, ...apps.map((app) => app.client_id.length));
    const created = 'CREATED AT'.padEnd(24);
    output.out([`${'CLIENT ID'.padEnd(width)}  ${created}  NAME`, ...apps.map((app) => `${app.client_id.padEnd(width)}  ${app.created_at.padEnd(24)}  ${app.name}`)].join('\n'));
    return 0;
  },
};
