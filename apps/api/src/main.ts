import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';
import { configureApp, httpAdapter } from './configure-app';
import { createLogger, PinoNestLogger } from './logging/logger';
import { demoCredentialsBanner } from './identity/demo-credentials';
import { StartupService } from './identity/startup.service';
import { acquireEmbeddedDatabaseLock } from './persistence/embedded-database-lock';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  // Refuse at once, in one sentence, when another process holds the embedded database.
  if (!config.databaseUrl) acquireEmbeddedDatabaseLock(config.dataDir, 'server');
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, httpAdapter(config), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureApp(app, logger);
  // Every interface, as a container needs (Fastify alone would listen on localhost only).
  await app.listen(config.port, '0.0.0.0');
  logger.info(
    { port: config.port, database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}`, readyMs: Math.round(performance.now() - startedAt) },
    `Strive API ready on http://localhost:${config.port}/api/v1 (docs: /api/docs)`,
  );
  // Last, after every start-up log line, so a person sees it (stdout only, never the log stream).
  const demo = app.get(StartupService).demoApp;
  if (demo) process.stdout.write(demoCredentialsBanner(demo.credentials, demo.savedTo, config.port));
}

main().catch((error) => {
  // Configuration and boot errors: say what is wrong and exit non-zero.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
