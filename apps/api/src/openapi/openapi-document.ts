import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { problemResponse } from '../http/problem/api-problem-responses';
import { FieldError, ProblemDetails } from '../http/problem/problem-details';

const BODY_METHODS = ['post', 'put', 'patch'] as const;

/**
 * The published OpenAPI document. Statuses every operation shares (400 and 500; for POST,
 * PUT, PATCH and DELETE 413, and 415 where a body can come) are added here, in one place.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Strive API')
    .setDescription(
      [
        'Open fitness-data, challenge and gamification API.',
        '',
        'Every path is served under `/api/v1` and, identically, under `/api/v1.1` (which adds heart-rate',
        'information to workouts and daily summaries). Errors are RFC 9457 problem details',
        '(`application/problem+json`).',
        '',
        'Authentication: `POST /api/v1/token/` with HTTP Basic client credentials returns an administrator',
        'bearer (24 hours). Creating a profile returns that profile\'s bearer once. Send either as',
        '`Authorization: bearer <token>`. Each operation states which bearer it accepts in `x-strive-auth`.',
      ].join('\n'),
    )
    .setVersion('1.1')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'client_id and client_secret of the app' }, 'basic')
    .addBearerAuth(
      // Opaque random tokens (256 bits), not JWTs: clients must not parse them.
      { type: 'http', scheme: 'bearer', bearerFormat: 'opaque token', description: 'administrator or profile bearer (an opaque random string)' },
      'bearer',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ProblemDetails, FieldError],
    operationIdFactory: (_controller, method) => method,
  });
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'delete', ...BODY_METHODS] as const) {
      const operation = pathItem[method];
      if (!operation) continue;
      // Any JSON body can be malformed or too large; only operations that take one check its type.
      // Unknown query parameters are refused everywhere (400); a DELETE can still carry a body.
      const hasBodyMethod = (BODY_METHODS as readonly string[]).includes(method);
      const extra = hasBodyMethod ? (operation.requestBody ? [400, 413, 415, 500] : [400, 413, 500]) : method === 'delete' ? [400, 413, 415, 500] : [400, 500];
      for (const status of extra) operation.responses[String(status)] ??= problemResponse(status);
      // Malformed input is refused before any handler, as a problem, also on pages that answer HTML.
      const badRequest = operation.responses['400'] as { content?: Record<string, unknown> };
      if (badRequest.content && !badRequest.content['application/problem+json']) {
        badRequest.content['application/problem+json'] = problemResponse(400).content['application/problem+json'];
      }
    }
  }
  for (const schema of Object.values(document.components?.schemas ?? {})) rewriteNullableReferences(schema);
  return document;
}

/**
 * The generator writes a nullable object field as `nullable` beside `allOf: [$ref]`: `null`
 * passes `nullable` but fails the `allOf`, so strict validators (ajv, Prism) refuse the `null`
 * the API sends. Written instead as any of the object or a null-only branch.
 */
function rewriteNullableReferences(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.allOf)) {
    schema.anyOf = [...schema.allOf, { type: 'object', nullable: true, enum: [null] }];
    delete schema.allOf;
    delete schema.nullable;
    delete schema.type;
  }
  for (const value of Object.values(schema)) rewriteNullableReferences(value);
}
