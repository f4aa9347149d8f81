import { INestApplication, ValidationPipe } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'pino';
import { AppConfig } from './config/app-config';
import { ProblemDetailsFilter } from './http/problem/problem-details.filter';
import { RequestValidationError } from './http/problem/request-validation.error';
import { requestLogger } from './logging/request-logger';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { APP_CONFIG } from './system/tokens';

/**
 * Everything the HTTP host needs besides its modules, shared by main.ts and the
 * tests so both serve the very same API.
 */
export function configureApp(app: NestExpressApplication, logger: Logger): INestApplication {
  const config = app.get<AppConfig>(APP_CONFIG);
  app.disable('x-powered-by');
  app.use(requestLogger(logger));
  // /api/v1.1 is the same API as /api/v1; remember which one was asked for (urls, v1.1 fields).
  app.use((request: Request & { apiVersion?: string; publicBaseUrl?: string | null }, _: Response, next: NextFunction) => {
    request.publicBaseUrl = config.publicBaseUrl;
    if (/^\/api\/v1\.1(\/|\?|$)/.test(request.url)) {
      request.apiVersion = 'v1.1';
      request.url = request.url.replace(/^\/api\/v1\.1/, '/api/v1');
    } else {
      request.apiVersion = 'v1';
    }
    next();
  });
  app.useBodyParser('json', { limit: config.bodyLimit, type: ['application/json', 'application/*+json'] });
  app.setGlobalPrefix('api/v1', { exclude: ['health'] });
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      exceptionFactory: (errors) => RequestValidationError.fromValidationErrors(errors),
    }),
  );
  app.useGlobalFilters(new ProblemDetailsFilter());
  app.enableShutdownHooks();
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });
  return app;
}
