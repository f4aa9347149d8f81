import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  adminBearer, AppCredentials, basic, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp,
} from './support/test-app';

/**
 * The API's own fuzz test (issue 10): generated from the published OpenAPI document,
 * deterministic (fast-check with a fixed seed), at least 1,000 malformed requests spread
 * over every operation. Whatever the request, the answer is never a 5xx, every error is
 * application/problem+json, and a refused request changes no row of any table.
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  readOnly?: boolean;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Schema;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  auth: 'admin' | 'profile' | 'basic' | 'none';
  /** x-strive-answers: html pages refuse with an HTML page; a vendor's webhook handshake answers in its own JSON. */
  answers: 'html' | 'vendor' | null;
}

interface FuzzRequest {
  operation: string;
  mutation: string;
  method: string;
  url: string;
  auth: string | null;
  headers: Record<string, string>;
  /** Raw body, sent as is. */
  body: string | Buffer | null;
}

interface Failure {
  operation: string;
  mutation: string;
  request: string;
  answer: string;
}

const SEED = 20_261_123;
/** Requests per operation: with the 70-odd operations, about 1,700 in all. */
const PER_OPERATION = 24;
const document = JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8'));

function resolve(schema: Schema): Schema {
  let current = schema;
  while (current.$ref) current = document.components.schemas[current.$ref.replace('#/components/schemas/', '')];
  return current;
}

function operations(): Operation[] {
  const result: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const auth = op['x-strive-auth'] as string | undefined;
      const security = op.security as Record<string, unknown>[] | undefined;
      const body = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.['application/json']?.schema ?? null;
      result.push({
        operationId: op.operationId as string,
        method,
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body,
        answers: (op['x-strive-answers'] as 'html' | 'vendor' | undefined) ?? null,
        auth: security?.some((s) => 'basic' in s)
          ? 'basic'
          : !security
            ? 'none'
            : auth === "the profile's own bearer" || auth === 'profile bearer only'
              ? 'profile'
              : 'admin',
      });
    }
  }
  return result;
}

/** A plausible value of a schema: the base every body mutation starts from. */
function exampleOf(schema: Schema, ids: Record<string, string>, depth = 0): unknown {
  const s = resolve(schema);
  if (s.type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(s.properties ?? {})) {
      if (resolve(property).readOnly || depth > 6) continue;
      out[key] = exampleOf(property, ids, depth + 1);
    }
    return out;
  }
  if (s.type === 'array') return s.example !== undefined && !s.items?.$ref ? s.example : s.items ? [exampleOf(s.items, ids, depth + 1)] : [];
  if (s.example !== undefined) return s.format === 'uuid' && typeof s.example === 'string' ? ids.profile : s.example;
  if (s.enum) return s.enum[0];
  if (s.type === 'string') return s.format === 'uuid' ? ids.profile : s.format === 'date-time' ? '2026-11-20T07:00:00Z' : s.format === 'date' ? '2026-11-20' : 'x';
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.type === 'boolean') return true;
  return null;
}

type Path = (string | number)[];

/** Every place in `value` (with the schema there): where a mutation can strike. */
function placesOf(value: unknown, schema: Schema | null, at: Path = []): { path: Path; schema: Schema | null }[] {
  const here = [{ path: at, schema }];
  const s = schema ? resolve(schema) : null;
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => placesOf(item, s?.items ?? null, [...at, i]))];
  if (value && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, child]) => placesOf(child, s?.properties?.[key] ?? null, [...at, key]))];
  }
  return here;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

function removeAt(root: unknown, path: Path): unknown {
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return copy;
}

// Markers replaced in the JSON text: values JSON.stringify cannot write as such.
const RAW: Record<string, string> = {
  '@@LONE_HIGH@@': '"a\\ud800b"',
  '@@LONE_LOW@@': '"\\udc00"',
  '@@BIGNUM@@': '99999999999999999999',
  '@@HUGE_EXP@@': '1e400',
  '@@DEEP@@': `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
};

function jsonText(value: unknown): string {
  let text = JSON.stringify(value);
  for (const [marker, raw] of Object.entries(RAW)) text = text.split(JSON.stringify(marker)).join(raw);
  return text;
}

const UPPER_UUID = 'A3F0C9A5-8D5E-4B8E-9A43-1F7F6F5B2C10';
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

const BAD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, '@@BIGNUM@@', '@@HUGE_EXP@@', '', 'x', 'a\u0000b', '\u0000', '@@LONE_HIGH@@', '@@LONE_LOW@@',
  'x'.repeat(10_000), [], {}, [1, 2], { a: 1 }, [[[]]], '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-02-30T25:00:00Z',
  '99999999999:00:00', '-01:00:00', UPPER_UUID, 'not-a-uuid', UNKNOWN_UUID, 'javascript:alert(1)', 'file:///etc/passwd', '__proto__',
  '@@DEEP@@', 'RUNNING\u0000', '1e308', 'NaN', -0.000001,
];

/** Bad values that fit the field's declared type: they pass the type check and test what follows. */
function typedBadValues(schema: Schema | null, example: unknown): unknown[] {
  const s = schema ? resolve(schema) : null;
  if (!s) return [];
  if (s.type === 'number' || s.type === 'integer') {
    return [
      ...(s.maximum !== undefined ? [s.maximum + 1, s.maximum * 10 + 1] : []),
      ...(s.minimum !== undefined ? [s.minimum - 1, s.minimum - 0.5] : []),
      ...(s.type === 'integer' ? [0.5] : []),
      1e308, -1e308, '@@BIGNUM@@', -1, 0, 1e15,
    ];
  }
  if (s.type === 'string' && s.format === 'date-time') {
    return [
      '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', '2026-02-30T00:00:00Z', '1899-12-31T23:59:59Z',
      '2100-01-01T00:00:00Z', '2020-01-01T00:00:00Z', '2026-11-20', '2026-11-20T07:00:00', 'soon',
    ];
  }
  if (s.type === 'string' && s.format === 'date') return ['0001-01-01', '9999-12-31', '2026-13-01', '2026-11-20T00:00:00Z'];
  if (s.type === 'string' && s.format === 'uuid') return [UPPER_UUID, UNKNOWN_UUID, 'not-a-uuid', `${UNKNOWN_UUID}\u0000`];
  if (s.type === 'string') {
    return [
      'x'.repeat((s.maxLength ?? 10_000) + 1), '', ' ', 'running', '99999999999:00:00', '00:61:00', 'javascript:alert(1)',
      'file:///etc/passwd', 'http://example.com/a.png', 'Europe/Nowhere', '@@LONE_HIGH@@', 'a\u0000',
    ];
  }
  if (s.type === 'boolean') return ['true', 1, 'yes'];
  if (s.type === 'array' && Array.isArray(example)) {
    // Long lists: checked against their bound before any work per entry.
    return [Array.from({ length: 2000 }, () => example[0] ?? null), Array.from({ length: 2000 }, (_, i) => (typeof example[0] === 'string' ? `${i}` : i))];
  }
  return [];
}

const BAD_QUERY_VALUES = [
  '', 'abc', '-1', '0', '1.5', '1e308', '-1e308', '99999999999999999999', 'NaN', 'Infinity', 'true', 'null', '%00', 'a%00b',
  '%ED%A0%80', '%E0%A4%A', '%', 'x'.repeat(5000), '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z',
  '2026-02-30T00:00:00Z', '2026-11-20', UPPER_UUID, UNKNOWN_UUID, 'not-a-uuid', '%5B%5D', '-', '--total_points', '100000', '1001',
];

/** Mutations every operation must refuse (4xx): nothing it accepts looks like them. */
const MUST_REFUSE = ['unknown query ', 'body unknown field ', 'path '];

const BAD_PATH_VALUES = [
  'not-a-uuid', UNKNOWN_UUID, UPPER_UUID.replace('A3F0', 'ZZZZ'), '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '..', 'x'.repeat(150), '1e308', '%20',
  `${UNKNOWN_UUID}%00`, '-1',
];

const cursorOf = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');

describe('fuzz: malformed requests over every operation (docs/openapi.json)', () => {
  let test: TestApp;
  let credentials: AppCredentials;
  let admin: string;
  let profile: CreatedTestProfile;
  const ids: Record<string, string> = {};
  const victims: Record<string, string> = {};
  /** Cursors this API issued, to send to the endpoints that did not issue them. */
  const issuedCursors: string[] = [];

  beforeAll(async () => {
    test = await startTestApp();
    credentials = await createClientApp(test, 'Fuzz app');
    admin = await adminBearer(test, credentials);
    profile = await createProfile(test, admin, { name: 'Fuzz', gender: 'female', reference: 'fuzz-1' });
    ids.profile = profile.publicId;
    victims.profile = (await createProfile(test, admin, { name: 'Victim' })).publicId;
    const as = (send: ReturnType<TestApp['http']['get']>) => send.set('Authorization', `Bearer ${admin}`);
    const created = async (path: string, body: unknown) => {
      const response = await as(test.http.post(path).send(body as object));
      return response.status < 300 ? (response.body.public_id as string) : UNKNOWN_UUID;
    };
    // Running now, so that joins and scores are reached rather than refused as "ended".
    const day = 86_400_000;
    const challengeBody = {
      ...(exampleOf({ $ref: '#/components/schemas/ChallengeBody' }, ids) as object),
      start: new Date(Date.now() - 2 * day).toISOString(), end: new Date(Date.now() + 28 * day).toISOString(),
    };
    ids.challenge = await created('/api/v1/challenge/', challengeBody);
    expect(ids.challenge).not.toBe(UNKNOWN_UUID);
    victims.challenge = await created('/api/v1/challenge/', challengeBody);
    ids.team = await created('/api/v1/team/', { name: 'Fuzz team' });
    expect(ids.team).not.toBe(UNKNOWN_UUID);
    victims.team = await created('/api/v1/team/', { name: 'Victim team' });
    await as(test.http.post(`/api/v1/profile/${profile.publicId}/data/`)).send({
      source: 'GARMIN',
      weight: [1, 2, 3].map((n) => ({ external_id: `w${n}`, timestamp: `2026-11-0${n}T07:00:00Z`, weight: 70 + n })),
    }).expect(201);
    for (const n of [1, 2]) await as(test.http.post(`/api/v1/profile/${profile.publicId}/event/`)).send({ name: `e${n}`, points: n }).expect(201);
    for (const list of ['weight', 'event']) {
      const page = await as(test.http.get(`/api/v1/profile/${profile.publicId}/${list}/?page_size=1`)).expect(200);
      issuedCursors.push(new URL(page.headers['api-results-next']).searchParams.get('cursor') as string);
    }
  }, 120_000);
  afterAll(() => test.close());

  const CURSORS = () => [
    ...issuedCursors,
    'not-base64!!', 'e30', cursorOf({}), cursorOf(null), cursorOf([]),
    cursorOf({ k: 'workout', d: 'n', t: 9e15, i: '1' }), cursorOf({ k: 'weight', d: 'n', t: 9e15, i: '1' }),
    cursorOf({ k: 'weight', d: 'n', t: -62135596800000, i: '1' }), cursorOf({ k: 'event', d: 'n', t: 1_700_000_000_000, i: '123' }),
    cursorOf({ k: 'weight', d: 'p', t: 1_700_000_000_000, i: 'abc' }), cursorOf({ k: 'weight', d: 'n', t: 1_700_000_000_000, i: '99999999999999999999999' }),
    cursorOf({ k: 'workout:deduplicated', d: 'n', t: 1_700_000_000_000, i: 'x' }), cursorOf({ d: 'n', t: 1_700_000_000_000, i: '1' }),
    cursorOf({ k: 'weight', d: 'x', t: 1.5, i: null }), cursorOf({ k: 'weight\u0000', d: 'n', t: 1, i: null }), 'x'.repeat(199),
  ];

  function authHeader(op: Operation): string | null {
    if (op.auth === 'basic') return basic(credentials);
    if (op.auth === 'none') return null;
    return `Bearer ${op.auth === 'profile' ? profile.bearer : admin}`;
  }

  function pathOf(op: Operation, replace?: { name: string; value: string }): string {
    return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (replace?.name === name) return replace.value;
      const object = name === 'team_public_id' ? 'team' : name === 'profile_public_id' ? 'profile' : op.path.split('/')[3];
      const pool = op.method === 'delete' && name === 'public_id' ? victims : ids;
      return pool[object] ?? UNKNOWN_UUID;
    });
  }

  // Values with a % are sent as written: raw escapes such as %00 or a garbled %E0%A4%A.
  const encode = (value: string) => (value.includes('%') ? value : encodeURIComponent(value));

  /** One malformed request of `kind` for `op`; the numbers pick from the pools. */
  function mutate(op: Operation, kind: string, a: number, b: number, text: string): FuzzRequest {
    const query = op.parameters.filter((p) => p.in === 'query');
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const base = op.body ? exampleOf(op.body, ids) : null;
    const request: FuzzRequest = {
      operation: op.operationId, mutation: kind, method: op.method, url: pathOf(op), auth: authHeader(op), headers: {},
      body: base === null ? null : jsonText(base),
    };
    const pick = <T>(list: T[], n: number) => list[n % list.length];
    switch (kind) {
      case 'path': {
        const param = pick(pathParams, a);
        const value = pick(BAD_PATH_VALUES, b);
        return { ...request, mutation: `path ${param.name}=${value.slice(0, 40)}`, url: pathOf(op, { name: param.name, value }) };
      }
      case 'query': {
        const param = pick(query, a);
        const value = param.name === 'cursor' ? pick(CURSORS(), b) : pick(BAD_QUERY_VALUES, b);
        return { ...request, mutation: `query ${param.name}=${value.slice(0, 40)}`, url: `${request.url}?${param.name}=${encode(value)}` };
      }
      case 'unknown query': {
        const name = pick(['x', 'cursor', 'limit', 'offset', 'page_size', 'date_start', 'search', '%00', 'a%ED%A0%80', 'points', 'access_token'], a);
        if (query.some((p) => p.name === name)) return mutate(op, 'query', a, b, text);
        return { ...request, mutation: `unknown query ${name}`, url: `${request.url}?${name}=${encode(pick(BAD_QUERY_VALUES, b))}` };
      }
      case 'random query': {
        const param = query.length > 0 ? pick(query, a).name : 'q';
        return { ...request, mutation: `query ${param}=<random>`, url: `${request.url}?${param}=${encodeURIComponent(text)}` };
      }
      case 'body value': {
        const places = placesOf(base, op.body);
        const place = pick(places, a);
        let current = base as Record<string | number, unknown>;
        for (const key of place.path) current = current[key] as Record<string | number, unknown>;
        // Half of the draws take a value of the field's own type, half anything at all.
        const typed = typedBadValues(place.schema, current);
        const value = typed.length > 0 && b % 2 === 0 ? pick(typed, b >> 1) : pick([...BAD_VALUES, text], b >> 1);
        return { ...request, mutation: `body ${place.path.join('.') || '<root>'}=${JSON.stringify(value)?.slice(0, 40)}`, body: jsonText(setAt(base, place.path, value)) };
      }
      case 'body missing': {
        const places = placesOf(base, op.body).filter((p) => p.path.length > 0);
        if (places.length === 0) return mutate(op, 'body shape', a, b, text);
        const place = pick(places, a);
        return { ...request, mutation: `body without ${place.path.join('.')}`, body: jsonText(removeAt(base, place.path)) };
      }
      case 'body unknown': {
        const containers = placesOf(base, op.body).filter((p) => {
          let node = base as Record<string | number, unknown>;
          for (const key of p.path) node = node[key] as Record<string | number, unknown>;
          return node !== null && typeof node === 'object' && !Array.isArray(node);
        });
        const place = pick(containers, a);
        const key = pick(['extra', 'is_admin', '__proto__', 'constructor', 'a\u0000b', '', 'x'.repeat(300), 'access_token'], b);
        let node = clone(base) as Record<string, unknown>;
        const root = node;
        for (const step of place.path) node = node[step] as Record<string, unknown>;
        Object.defineProperty(node, key, { value: key === '__proto__' ? { polluted: true } : 1, enumerable: true, configurable: true, writable: true });
        return { ...request, mutation: `body unknown field ${place.path.join('.')}.${key.slice(0, 20)}`, body: jsonText(root) };
      }
      case 'body shape': {
        const shapes: [string, string | Buffer | null, string][] = [
          ['a JSON array', '[]', 'application/json'], ['a JSON string', '"x"', 'application/json'], ['a JSON number', '1e308', 'application/json'],
          ['JSON null', 'null', 'application/json'], ['malformed JSON', `${request.body ?? '{'}`.slice(0, -1), 'application/json'],
          ['deep JSON', RAW['@@DEEP@@'], 'application/json'], ['deep object', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 'application/json'],
          ['a NUL key', '{"\\u0000":1}', 'application/json'], ['a lone surrogate key', '{"\\udfff":1}', 'application/json'],
          ['text/plain', 'name=x', 'text/plain'], ['a form', 'name=x', 'application/x-www-form-urlencoded'],
          ['prototype poisoning', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', 'application/json'],
          ['an oversized body', `{"name":"${'x'.repeat(2 * 1024 * 1024 + 10)}"}`, 'application/json'],
          ['a vendor JSON type', request.body ?? '{}', 'application/vnd.x+json'],
          ['a UTF-16 charset', request.body ?? '{}', 'application/json; charset=utf-16'],
          ['a multipart body', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--', 'multipart/form-data; boundary=x'],
          ['a garbled content type', request.body ?? '{}', 'application/json;;;===\u00ff'],
          ['invalid UTF-8', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]), 'application/json'],
        ];
        const [name, body, type] = pick(shapes, a);
        return { ...request, mutation: `body: ${name}`, body, headers: { 'Content-Type': type } };
      }
      case 'headers': {
        const cases: [string, Partial<FuzzRequest>][] = [
          ['a header over the limit', { headers: { 'X-Padding': 'x'.repeat(20_000) } }],
          ['a URL over the limit', { url: `${request.url}?pad=${'x'.repeat(20_000)}` }],
          ['a garbled bearer', { auth: 'Bearer \u00ff\u00fe' }],
          ['a forged Host', { headers: { Host: 'evil.example' } }],
          ['a bearer of the wrong kind', { auth: op.auth === 'admin' ? `Bearer ${profile.bearer}` : `Bearer ${admin}` }],
          ['a huge bearer', { auth: `Bearer ${'x'.repeat(8000)}` }],
        ];
        const [name, change] = pick(cases, a);
        return { ...request, ...change, headers: { ...request.headers, ...change.headers }, mutation: name };
      }
      default:
        throw new Error(kind);
    }
  }

  function kindsOf(op: Operation): string[] {
    const kinds = ['unknown query', 'random query'];
    if (op.parameters.some((p) => p.in === 'path')) kinds.push('path', 'path');
    if (op.parameters.some((p) => p.in === 'query')) kinds.push('query', 'query', 'query');
    if (op.body) kinds.push('body value', 'body value', 'body value', 'body missing', 'body unknown', 'body shape');
    else if (op.method !== 'get') kinds.push('body shape');
    kinds.push('headers');
    return kinds;
  }

  async function send(request: FuzzRequest) {
    const http = test.http as unknown as Record<string, (url: string) => ReturnType<TestApp['http']['get']>>;
    let call = http[request.method](request.url);
    if (request.auth) call = call.set('Authorization', request.auth);
    for (const [name, value] of Object.entries(request.headers)) call = call.set(name, value);
    if (request.body !== null) {
      if (!request.headers['Content-Type']) call = call.set('Content-Type', 'application/json');
      call = call.send(request.body);
    }
    return call.ok(() => true);
  }

  /** The snapshot once background work after an accepted write has settled. */
  async function quietSnapshot(): Promise<Record<string, string>> {
    let previous = await databaseSnapshot(test);
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const next = await databaseSnapshot(test);
      if (JSON.stringify(next) === JSON.stringify(previous)) return next;
      previous = next;
    }
    return previous;
  }

  it(`answers ${PER_OPERATION} malformed requests per operation with 4xx problems that change nothing`, async () => {
    const all = operations();
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    const refusedSomething = new Set<string>();
    let sent = 0;
    let before = await quietSnapshot();
    for (const [index, op] of all.entries()) {
      const kinds = kindsOf(op);
      const draws = fc.sample(fc.tuple(fc.nat(), fc.nat(), fc.string({ unit: 'binary', maxLength: 12 })), { seed: SEED + index, numRuns: PER_OPERATION });
      for (const [i, [a, b, text]] of draws.entries()) {
        const request = mutate(op, kinds[i % kinds.length], a, b, text);
        const response = await send(request);
        sent++;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const fail = (why: string) =>
          failures.push({
            operation: `${op.method.toUpperCase()} ${op.path} (${op.operationId})`,
            mutation: request.mutation,
            request: `${request.method.toUpperCase()} ${request.url.slice(0, 200)} ${request.body?.toString().slice(0, 200) ?? ''}`,
            answer: `${why}: ${response.status} ${String(response.headers['content-type'])} ${(response.text ?? '').slice(0, 300)}`,
          });
        if (response.status >= 500) fail('a server error');
        // An unknown field or query parameter, or a path id that names nothing, is never accepted.
        if (MUST_REFUSE.some((prefix) => request.mutation.startsWith(prefix)) && response.status < 400) fail('accepted what it must refuse');
        if (response.status >= 400) {
          refusedSomething.add(op.operationId);
          const type = String(response.headers['content-type']);
          const ownFormat = (op.answers === 'html' && /^text\/html/.test(type)) || (op.answers === 'vendor' && /^application\/json/.test(type));
          // A browser-facing page or a vendor's answer keeps its own format; still a 4xx that changes nothing.
          if (!ownFormat && !/^application\/problem\+json/.test(type)) fail('not problem details');
          else if (!ownFormat && (!response.body?.type || response.body.status !== response.status || !response.body.detail)) fail('incomplete problem details');
          const after = await databaseSnapshot(test);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) fail(`refused, yet changed ${changed.join(', ')}`);
          before = after;
        } else {
          before = await quietSnapshot();
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(all.length).toBeGreaterThanOrEqual(70);
    // Every operation was reached and refused at least one of its malformed requests.
    expect(all.map((op) => op.operationId).filter((id) => !refusedSomething.has(id))).toEqual([]);
    expect({ failures, statuses: Object.fromEntries(statuses) }).toEqual({ failures: [], statuses: expect.anything() });
  }, 300_000);
});
