import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../src/openapi/openapi-document';
import { responseViolation } from './support/openapi-responses';
import { startTestApp, TestApp } from './support/test-app';

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: unknown }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  'x-strive-auth'?: string;
  /** html: a browser-facing page whose refusals are HTML pages; vendor: answers in a vendor's own format. */
  'x-strive-answers'?: 'html' | 'vendor';
};

describe('OpenAPI', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  const operations = (document: { paths: Record<string, Record<string, Operation>> }) =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    );

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing the API)', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8'));
    const current = JSON.parse(JSON.stringify(buildOpenApiDocument(test.app)));
    expect(current).toEqual(committed);
  });

  it('serves the JSON document and the Swagger UI', async () => {
    const json = await test.http.get('/api/docs-json').expect(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(json.body).toEqual(JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8')));
    const ui = await test.http.get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });

  it('gives every operation an id, its auth scheme, and a ProblemDetails schema with an example for each error', () => {
    const document = buildOpenApiDocument(test.app) as unknown as { paths: Record<string, Record<string, Operation>> };
    const all = operations(document);
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const { path, method, operation } of all) {
      const where = `${method.toUpperCase()} ${path}`;
      expect([where, operation.operationId]).toEqual([where, expect.any(String)]);
      // Public operations (vendor callbacks and webhooks, the widget page) say what authorizes them instead;
      // the probes (/health, /health/live, /health/ready) take no authentication and answer their own view, 503 included.
      const isPublic = operation['x-strive-auth']?.startsWith('public: ') ?? false;
      if (isPublic) expect([where, operation.security]).toEqual([where, undefined]);
      const probe = path === '/health' || path.startsWith('/health/');
      if (!probe && !isPublic) {
        expect([where, operation.security?.length]).toEqual([where, 1]);
        expect([where, Object.keys(operation.responses)]).toEqual([where, expect.arrayContaining(['401', '500'])]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400 || probe) continue;
        const problem = response.content?.['application/problem+json'];
        // A page answers its refusals as HTML; a vendor's handshake in the vendor's format.
        if (!problem && operation['x-strive-answers'] === 'html' && response.content?.['text/html']) continue;
        if (!problem && operation['x-strive-answers'] === 'vendor' && response.content?.['application/json']) continue;
        expect([where, status, problem?.schema]).toEqual([where, status, { $ref: '#/components/schemas/ProblemDetails' }]);
        expect([where, status, problem?.example]).toEqual([where, status, expect.objectContaining({ status: Number(status) })]);
      }
      for (const parameter of operation.parameters ?? []) {
        expect([where, parameter.name, parameter.schema]).toEqual([where, parameter.name, expect.anything()]);
      }
    }
  });

  it('states which bearer each bearer-protected operation accepts', () => {
    const document = buildOpenApiDocument(test.app) as unknown as { paths: Record<string, Record<string, Operation>> };
    expect(document.paths['/api/v1/profile'].post['x-strive-auth']).toBe('administrator bearer only');
    expect(document.paths['/api/v1/profile'].get['x-strive-auth']).toBe('administrator or profile bearer');
    expect(document.paths['/api/v1/profile/{public_id}'].get['x-strive-auth']).toBe("the profile's own bearer");
  });
});

describe('answers checked against docs/openapi.json (every e2e suite, through test-app)', () => {
  const document = JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8'));
  const entry = (team: unknown) => ({
    rank: 1, score: 10, progress: 10, goal_reached: false, team,
    profile: { url: 'http://127.0.0.1/api/v1/profile/3f1c3b8e-8d4e-4e0a-9a53-0c8e2d7f5a10/', public_id: '3f1c3b8e-8d4e-4e0a-9a53-0c8e2d7f5a10', name: 'Ann', gender: null, team: null, reference: '', is_active: true },
  });

  it('writes no nullable field as `nullable` beside `allOf`/`$ref`, which strict validators read as "must be an object"', () => {
    const offending: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema.nullable === true && (schema.allOf !== undefined || schema.$ref !== undefined)) offending.push(path);
      for (const [key, value] of Object.entries(schema)) walk(value, `${path}/${key}`);
    };
    walk(document, '#');
    expect(offending).toEqual([]);
  });

  it('describes the bearer as an opaque token, not a JWT', () => {
    expect(document.components.securitySchemes.bearer.bearerFormat).not.toMatch(/jwt/i);
  });

  it('accepts a null team and requester of a leaderboard and refuses a team of the wrong shape', () => {
    const leaderboard = (body: unknown) =>
      responseViolation({ method: 'GET', route: '/api/v1/challenge/:public_id/leaderboard', status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    const page = (team: unknown) => ({
      challenge: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      period: { date_range: 0, start: '2026-03-02T00:00:00.000Z', end: '2026-03-03T00:00:00.000Z', is_current: true },
      count: 1, next: null, previous: null, results: [entry(team)], requester: null, teams: [],
    });
    expect(leaderboard(page(null))).toBeNull();
    expect(leaderboard(page({ public_id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f', name: 'Blue' }))).toBeNull();
    expect(leaderboard(page(7))).toMatch(/^GET \/api\/v1\/challenge\/\{public_id\}\/leaderboard -> 200: results\/0\/team/);
  });

  it('names an undocumented status, an undocumented content type and an unknown operation', () => {
    const base = { method: 'GET', route: '/api/v1/challenge/:public_id/leaderboard', contentType: 'application/json', body: '{}' };
    expect(responseViolation({ ...base, status: 418 })).toMatch(/status not documented/);
    expect(responseViolation({ ...base, status: 200, contentType: 'text/csv' })).toMatch(/content type text\/csv not documented/);
    expect(responseViolation({ ...base, route: '/api/v1/nowhere/', status: 200 })).toMatch(/not in the published document/);
    expect(responseViolation({ ...base, route: undefined, status: 404 })).toBeNull();
  });
});
