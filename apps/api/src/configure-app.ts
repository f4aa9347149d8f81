import { INestApplication, ValidationPipe } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Logger } from 'pino';
import { AppConfig } from './config/app-config';
import { problemOf, ProblemDetailsFilter, sendProblem } from './http/problem/problem-details.filter';
import { registerRateLimits } from './http/rate-limit/rate-limits';
import { RequestValidationError } from './http/problem/request-validation.error';
import { VersionedRequest } from './http/shared/api-url';
import { requestIdOf, requestLogger } from './logging/request-logger';
import { buildOpenApiDocument } from './openapi/openapi-document';

const V1_1 = /^\/api\/v1\.1(?=\/|\?|$)/;
// POST /token/ takes no body; OAuth clients often send grant_type form-encoded: it is ignored.
const TOKEN = /^\/api\/v1\/token\/?(\?|$)/;
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/i;

/** The HTTP server (Fastify) with the API's routing rules; main.ts and the tests both use it. */
export function httpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
    // What Fastify answers itself (a URL it cannot decode) is a problem too.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      sendProblem(reply, problemOf(error, (request.originalUrl ?? request.url).split('?')[0]));
    },
    // /api/v1.1 is the same API as /api/v1: route it there and remember which one was asked
    // for (urls, v1.1 fields).
    rewriteUrl: (request: IncomingMessage & VersionedRequest) => {
      const url = request.url ?? '/';
      request.apiVersion = V1_1.test(url) ? 'v1.1' : 'v1';
      request.publicBaseUrl = config.publicBaseUrl;
      return url.replace(V1_1, '/api/v1');
    },
  });
}

/**
 * Everything the HTTP host needs besides its modules, shared by main.ts and the
 * tests so both serve the very same API.
 */
export function configureApp(app: NestFastifyApplication, logger: Logger): INestApplication {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.addHook('onRequest', requestLogger(logger));
  acceptJsonBodies(fastify);
  registerRateLimits(app);
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

/**
 * Request bodies are JSON (application/json, application/*+json); an empty one reads as {}.
 * Any other body is refused with 415, except on POST /token/, which ignores its body.
 */
function acceptJsonBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (request, _body, done) => {
    if (TOKEN.test(request.url)) return done(null, undefined);
    const type = request.headers['content-type'];
    done(Object.assign(new Error(`Send the body as application/json (got ${type || 'no content type'}).`), { statusCode: 415 }), undefined);
  });
}
