import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../..');

describe('the typed client (clients/typescript)', () => {
  it('is generated from the committed docs/openapi.json', async () => {
    // Regenerated in memory: the generator prints the types it would write.
    const { stdout } = await promisify(execFile)(
      'node', ['-r', 'ts-node/register', 'clients/typescript/generate-schema.ts', '--stdout'],
      { cwd: ROOT, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' }, maxBuffer: 64 * 1024 * 1024 },
    );
    const committed = readFileSync(join(__dirname, 'src/schema.ts'), 'utf8');
    expect(stdout.length).toBeGreaterThan(1000);
    if (stdout !== committed) {
      throw new Error(
        'clients/typescript/src/schema.ts is stale: it does not match docs/openapi.json. ' +
          'Run `npm run openapi && npm run client` and commit both files.',
      );
    }
  });
});
