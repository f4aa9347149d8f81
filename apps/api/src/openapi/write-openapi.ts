import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '../config/app-config';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '../app.module';
import { configureApp, httpAdapter } from '../configure-app';
import { createLogger } from '../logging/logger';
import { buildOpenApiDocument } from './openapi-document';

/** npm run openapi: writes docs/openapi.json (v1) and docs/openapi-v1.1.json from the code's decorators. */
async function main(): Promise<void> {
  // A throwaway in-memory database: the document never depends on the machine.
  Object.assign(process.env, { DATA_DIR: 'memory://openapi', DEMO_APP: 'false', MIGRATIONS_RUN: 'true' });
  delete process.env.DATABASE_URL;
  delete process.env.BOOTSTRAP_CLIENT_ID;
  delete process.env.BOOTSTRAP_CLIENT_SECRET;
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, httpAdapter(loadConfig(process.env)), { bodyParser: false, logger: false });
  configureApp(app, createLogger('silent'));
  await app.init();
  const documents = { 'openapi.json': buildOpenApiDocument(app), 'openapi-v1.1.json': buildOpenApiDocument(app, 'v1.1') };
  await app.close();
  for (const [name, document] of Object.entries(documents)) {
    const target = join(__dirname, '../../../../docs', name);
    writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
    process.stdout.write(`wrote ${target}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
