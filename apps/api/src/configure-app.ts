import { INestApplication } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Logger } from 'pino';
import { AppConfig } from './config/app-config';
import { problemOf, ProblemDetailsFilter, sendProblem } from './http/problem/problem-details.filter';
import { registerRateLimits } from './http/rate-limit/rate-limits';
import { RequestValidationError } from './http/problem/request-validation.error';
import { VersionedRequest } from './http/shared/api-url';
import { jsonNestsDeeperThan, jsonTextMayHoldUnsafeInput, MAX_JSON_DEPTH, textAndKeyProblems } from './http/shared/safe-input';
import { QueryMemoValidationPipe, REQUEST_VALIDATION } from './http/shared/query-memo-validation.pipe';
import { UnknownQueryGuard } from './http/shared/unknown-query.guard';
import { requestIdOf, requestLogger } from './logging/request-logger';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { decodedPathOf, isTokenPath, isWebhookPath } from './http/shared/request-path';
import { recordRequestDurations } from './metrics/request-durations';
import { StriveMetrics } from './metrics/strive-metrics';

const V1_1 = /^\/api\/v1\.1(?=\/|\?|$)/;
/** The v1.1 description pages are served under their own path (not routed to v1). */
const V1_1_DOCS = /^\/api\/v1\.1\/docs(?=\/|\?|-json|$)/;
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/i;

/** The HTTP server (Fastify) with the API's routing rules; main.ts and the tests both use it. */
export function httpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    // No Nest middleware: without @fastify/middie no request runs through its (empty) chain.
    skipMiddie: true,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
    // What Fastify answers itself (a URL it cannot decode) is a problem too.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      sendProblem(reply, problemOf(error, (request.originalUrl ?? request.url).split('?')[0]));
    },
    // What Node's HTTP parser refuses before Fastify sees a request (headers or URL over
    // the limit, malformed HTTP): a problem too, written on the socket.
    clientErrorHandler: writeClientErrorProblem,
    // /api/v1.1 is the same API as /api/v1: route it there and remember which one was asked
    // for (urls, v1.1 fields).
    rewriteUrl: (request: IncomingMessage & VersionedRequest) => {
      const url = request.url ?? '/';
      request.apiVersion = V1_1.test(url) ? 'v1.1' : 'v1';
      request.publicBaseUrl = config.publicBaseUrl;
      request.trustedHosts = config.trustedHosts;
      request.fallbackOrigin = `http://localhost:${config.port}`;
      return V1_1_DOCS.test(url) ? url : url.replace(V1_1, '/api/v1');
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
  recordRequestDurations(fastify, app.get(StriveMetrics));
  acceptJsonBodies(fastify);
  registerRateLimits(app);
  refuseUnsafeInput(fastify);
  app.setGlobalPrefix('api/v1', { exclude: ['health', 'health/live', 'health/ready'] });
  app.useGlobalPipes(new QueryMemoValidationPipe(REQUEST_VALIDATION));
  app.useGlobalGuards(new UnknownQueryGuard('global'));
  app.useGlobalFilters(new ProblemDetailsFilter());
  app.enableShutdownHooks();
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });
  // The description pages of interface version v1.1 (interface.md "Versioning", docs/versioning.md).
  SwaggerModule.setup('api/v1.1/docs', app, () => buildOpenApiDocument(app, 'v1.1'), { jsonDocumentUrl: 'api/v1.1/docs-json' });
  return app;
}

/**
 * Request bodies are JSON (application/json, application/*+json); an empty one reads as {}.
 * Any other body is refused with 415, except on POST /token/, which ignores its body.
 */
function acceptJsonBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  // Fastify's own parser refuses __proto__ and constructor.prototype keys (prototype poisoning).
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  const clientError = (message: string) => Object.assign(new Error(message), { statusCode: 400 });
  fastify.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    // Vendor webhooks sign the body as sent: their route reads it as received.
    (request as { rawBody?: string }).rawBody = text;
    if (text.trim() === '') return done(null, {});
    // Checked on the text, before anything walks the structure recursively.
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(clientError(`The request body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays.`), undefined);
    }
    parseJson(request, text, (error, value) =>
      error ? done(clientError('The request body is not valid JSON (or has a __proto__ or constructor.prototype key).'), undefined) : done(null, value),
    );
  });
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (request, _body, done) => {
    // POST /token/ takes no body; OAuth clients often send grant_type form-encoded: it is ignored.
    if (isTokenPath(decodedPathOf(request.url))) return done(null, undefined);
    // Vendor webhooks send what their vendor sends (Withings: form-encoded); the adapter reads the raw text.
    if (isWebhookPath(decodedPathOf(request.url))) {
      (request as { rawBody?: string }).rawBody = String(_body);
      return done(null, undefined);
    }
    const type = request.headers['content-type'];
    done(Object.assign(new Error(`Send the body as application/json (got ${type || 'no content type'}).`), { statusCode: 415 }), undefined);
  });
}

/**
 * Text PostgreSQL cannot store (NUL, unpaired surrogates) in the query, path or JSON body,
 * and `constructor` keys, are refused with 400 here, in one place, before any guard or
 * handler touches the database. A body whose text cannot hold either is not walked.
 */
function refuseUnsafeInput(fastify: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const rawBody = (request as { rawBody?: string }).rawBody;
    const bodySafe = request.body === undefined || (rawBody !== undefined && !jsonTextMayHoldUnsafeInput(rawBody));
    const errors = [
      ...textAndKeyProblems(request.params ?? {}),
      ...textAndKeyProblems(request.query ?? {}),
      ...(bodySafe ? [] : textAndKeyProblems(request.body)),
    ];
    done(errors.length > 0 ? new RequestValidationError(errors) : undefined);
  });
}

const CLIENT_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  // Node counts the request line with the headers: a URL over the limit lands here too.
  HPE_HEADER_OVERFLOW: { status: 431, title: 'Request Header Fields Too Large', detail: 'The request line and headers (URL included) are larger than the server accepts.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, title: 'Request Timeout', detail: 'The request was not received in time.' },
};

/** Answers an HTTP request Node could not parse with a problem, then closes the connection. */
function writeClientErrorProblem(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, title: 'Bad Request', detail: 'The request is not valid HTTP.' };
  // The path when the bytes received start with the request line and it is short enough to quote.
  const received = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 2048).toString('latin1') : '';
  const path = /^[A-Z]+ (\/[^ ?\r\n]{0,1024})[ ?\r\n]/.exec(received)?.[1] ?? '/';
  const body = JSON.stringify({ type: `urn:strive:problem:${known.title.toLowerCase().replace(/ /g, '-')}`, title: known.title, status: known.status, detail: known.detail, instance: path });
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  // end(), not destroy(): a client still sending (a long header) then still reads the answer.
  socket.end(
    `HTTP/1.1 ${known.status} ${known.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
