import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClientCredentials } from '@strive/domain';

/** Where a first start keeps the demo app's credentials, readable by the owner only. */
export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

/** Writes the credentials to DATA_DIR/demo-credentials.json with mode 0600; answers the path. */
export function saveDemoCredentials(dataDir: string, credentials: ClientCredentials): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, DEMO_CREDENTIALS_FILE);
  writeFileSync(path, `${JSON.stringify({ client_id: credentials.clientId, client_secret: credentials.clientSecret }, null, 2)}\n`, { mode: 0o600 });
  // The mode of writeFileSync applies only when it creates the file (and passes through the umask).
  chmodSync(path, 0o600);
  return path;
}

/** The block a person notices at the end of the first start's output. */
export function demoCredentialsBanner(credentials: ClientCredentials, savedTo: string | null, port: number): string {
  const rule = '='.repeat(78);
  return [
    '',
    rule,
    '  Strive created a demo app on this first start. Its credentials:',
    '',
    `    client_id:     ${credentials.clientId}`,
    `    client_secret: ${credentials.clientSecret}`,
    '',
    savedTo ? `  Also saved in ${savedTo} (readable by you only).` : '  Shown only now: the database is in memory.',
    `  An admin bearer: curl -s -X POST http://localhost:${port}/api/v1/token/ -u '${credentials.clientId}:${credentials.clientSecret}'`,
    rule,
    '',
  ].join('\n');
}
