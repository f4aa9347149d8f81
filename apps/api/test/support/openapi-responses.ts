import OpenAPIResponseValidator from 'openapi-response-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every answer the end-to-end suites receive is checked against the published document
 * (docs/openapi.json, docs/openapi-v1.1.json under /api/v1.1): its status must be documented for the operation, its content type among
 * the documented ones, and a JSON body must match the documented schema. So the document cannot
 * drift from the behaviour without a test failing.
 */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

const documents = new Map<string, OpenApiDocument>();
const validators = new Map<string, OpenAPIResponseValidator>();

// The validator rewrites the schemas it compiles in place (nullable -> type lists), the same way
// every time, so one parsed copy serves every validator.
function publishedDocument(version: ApiVersion): OpenApiDocument {
  let document = documents.get(version);
  if (!document) {
    const file = version === 'v1' ? 'openapi.json' : 'openapi-v1.1.json';
    document = JSON.parse(readFileSync(join(__dirname, '../../../../docs', file), 'utf8')) as OpenApiDocument;
    toJsonSchemaBounds(document);
    documents.set(version, document);
  }
  return document;
}

/** OpenAPI 3.0 writes an exclusive bound as `minimum: x, exclusiveMinimum: true`; ajv reads JSON Schema's `exclusiveMinimum: x`. */
function toJsonSchemaBounds(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (schema[flag] === true) {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else if (schema[flag] === false) delete schema[flag];
  }
  for (const value of Object.values(schema)) toJsonSchemaBounds(value);
}

/** Fastify's route pattern (`/api/v1/challenge/:public_id/`) as the document's path (`{public_id}`). */
export function documentPathOf(routePattern: string): string {
  return routePattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export type ApiVersion = 'v1' | 'v1.1';

export interface ObservedResponse {
  /** /api/v1.1 answers are checked against docs/openapi-v1.1.json, the rest against docs/openapi.json. */
  version?: ApiVersion;
  method: string;
  /** The route pattern that answered; undefined when no route matched (a 404 of the router). */
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  /** The serialised body; undefined when it is a stream (only its content type is checked). */
  body: string | Buffer | null | undefined;
}

/** What is wrong with an answer, as a line for the failure message; null when it matches the document. */
export function responseViolation(response: ObservedResponse): string | null {
  // Router 404s have no operation; the description pages are not operations of the API.
  if (response.route === undefined || /^\/api\/(v1\.1\/)?docs/.test(response.route)) return null;
  const version = response.version ?? 'v1';
  // /api/v1.1 is routed to the /api/v1 routes; its document lists them under /api/v1.1.
  const path = documentPathOf(version === 'v1' ? response.route : response.route.replace(/^\/api\/v1(?=\/|$)/, '/api/v1.1'));
  const where = `${response.method} ${path} -> ${response.status}`;
  const operation = publishedDocument(version).paths[path]?.[response.method.toLowerCase()];
  if (!operation) return `${where}: the operation is not in the published document`;
  const documented = operation.responses[String(response.status)] ?? operation.responses.default;
  if (!documented) return `${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
  const mediaType = response.contentType?.split(';')[0].trim();
  const content = documented.content ?? {};
  if (!mediaType || response.body === null || response.body?.length === 0) {
    // An empty answer fits a status documented without content, or with text (which may be empty).
    return Object.keys(content).length > 0 && !('text/plain' in content) && response.method !== 'HEAD'
      ? `${where}: empty answer, documented ${Object.keys(content).join(', ')}`
      : null;
  }
  if (!(mediaType in content)) return `${where}: content type ${mediaType} not documented (documented: ${Object.keys(content).join(', ') || 'none'})`;
  if (!/json$/.test(mediaType) || response.body === undefined) return null;
  const key = `${version} ${response.method} ${path} ${response.status} ${mediaType}`;
  let validator = validators.get(key);
  if (!validator) {
    const responses = { [response.status]: { content: { [mediaType]: content[mediaType] } } };
    validator = new OpenAPIResponseValidator({ responses, components: publishedDocument(version).components } as never);
    validators.set(key, validator);
  }
  const errors = validator.validateResponse(response.status, JSON.parse(response.body.toString()));
  if (!errors) return null;
  return `${where}: ${errors.errors.map((e: { path?: string; message: string }) => `${e.path || '(body)'} ${e.message}`).join('; ')}`;
}
