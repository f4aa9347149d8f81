import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { DATA_TYPE_SPECS } from '@strive/domain';
import { ApiVersion } from '../http/shared/api-url';
import { problemResponse } from '../http/problem/api-problem-responses';
import { FieldError, ProblemDetails } from '../http/problem/problem-details';

const BODY_METHODS = ['post', 'put', 'patch'] as const;

/**
 * The published OpenAPI document of one interface version: v1 at /api/docs (docs/openapi.json),
 * v1.1 at /api/v1.1/docs (docs/versioning.md lists the differences). Statuses every operation
 * shares (400 and 500; for POST, PUT, PATCH and DELETE 413, and 415 where a body can come) are
 * added here, in one place.
 */
export function buildOpenApiDocument(app: INestApplication, version: ApiVersion = 'v1'): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Strive API')
    .setDescription(
      [
        'Open fitness-data, challenge and gamification API.',
        '',
        version === 'v1'
          ? 'Interface version v1, served under `/api/v1` (this page: `/api/docs`). Version v1.1 is the same API under `/api/v1.1`'
          : 'Interface version v1.1, served under `/api/v1.1` (this page: `/api/v1.1/docs`). Version v1 is the same API under `/api/v1`',
        '(described at `/api/docs`' + (version === 'v1' ? ' and `/api/v1.1/docs`' : '') + '); v1.1 adds heart-rate information to workouts and daily',
        'summaries and gives `url` fields and page links the `/api/v1.1` prefix (docs/versioning.md lists every difference).',
        'Errors are RFC 9457 problem details (`application/problem+json`).',
        '',
        'Authentication: `POST /api/v1/token/` with HTTP Basic client credentials returns an administrator',
        'bearer (24 hours). Creating a profile returns that profile\'s bearer once. Send either as',
        '`Authorization: bearer <token>`. Each operation states which bearer it accepts in `x-strive-auth`.',
      ].join('\n'),
    )
    .setVersion(version === 'v1' ? '1.0' : '1.1')
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
  return version === 'v1' ? withoutV11Fields(document) : underV11Prefix(document);
}

/** v1 serves workouts and daily summaries without their heart-rate fields (nor their schemas). */
function withoutV11Fields(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const dropped = new Set<string>();
  for (const spec of DATA_TYPE_SPECS) {
    const view = schemas[spec.record] as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    for (const field of spec.v11Fields ?? []) {
      for (const [, name] of JSON.stringify(view?.properties?.[field] ?? {}).matchAll(/#\/components\/schemas\/([A-Za-z0-9]+)"/g)) dropped.add(name);
      if (view?.properties) delete view.properties[field];
      if (view?.required) view.required = view.required.filter((name) => name !== field);
    }
  }
  // A nested schema only a dropped field used goes too.
  const text = JSON.stringify(document);
  for (const name of dropped) if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return document;
}

/** Every operation of v1.1 is served under /api/v1.1. */
function underV11Prefix(document: OpenAPIObject): OpenAPIObject {
  document.paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [path.replace(/^\/api\/v1(?=\/|$)/, '/api/v1.1'), item]),
  );
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
