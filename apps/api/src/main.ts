import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AppConfig, loadConfig } from './config/app-config';
import { configureApp, httpAdapter } from './configure-app';
import { createLogger, PinoNestLogger } from './logging/logger';
import { APP_CONFIG } from './system/tokens';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const logger = createLogger(loadConfig(process.env).logLevel);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, httpAdapter(loadConfig(process.env)), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureApp(app, logger);
  const config = app.get<AppConfig>(APP_CONFIG);
  // Every interface, as a container needs (Fastify alone would listen on localhost only).
  await app.listen(config.port, '0.0.0.0');
  logger.info(
    { port: config.port, database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}`, readyMs: Math.round(performance.now() - startedAt) },
    `Strive API ready on http://localhost:${config.port}/api/v1 (docs: /api/docs)`,
  );
}

main().catch((error) => {
  // Configuration and boot errors: say what is wrong and exit non-zero.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
