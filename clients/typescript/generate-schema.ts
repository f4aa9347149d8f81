import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/**
 * `npm run client`: writes the client's types from docs/openapi.json (after `npm run openapi`).
 * With `--stdout` it prints them instead, which is how the freshness test reads them (openapi-typescript
 * is loaded as an ES module, which Jest cannot require, so the test runs this file as a process).
 */
export const SCHEMA_FILE = join(__dirname, 'src/schema.ts');
const OPENAPI_FILE = join(__dirname, '../../docs/openapi.json');

/** The client's types as openapi-typescript renders docs/openapi.json today (nothing is written). */
export async function renderClientSchema(): Promise<string> {
  const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
  // defaultNonNullable off: a field with a default is optional in a request body (openapi-typescript 7 would require it).
  const ast = await openapiTS(document, { alphabetize: false, defaultNonNullable: false });
  return `${COMMENT_HEADER}// Source: docs/openapi.json. Regenerate with \`npm run client\`.\n\n${astToString(ast)}`;
}

if (require.main === module) {
  renderClientSchema().then(
    (schema) => {
      if (process.argv.includes('--stdout')) {
        process.stdout.write(schema);
        return;
      }
      writeFileSync(SCHEMA_FILE, schema);
      process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
    },
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
