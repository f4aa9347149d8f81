import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { callJson, DEFAULT_RETRY_AFTER_SECONDS, retryAfterSeconds } from './provider-http';

/** A vendor stand-in answering each path as told. */
let server: Server;
let base: string;
const seen: { authorization?: string; method?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ authorization: request.headers.authorization, method: request.method, body });
      const path = request.url ?? '';
      if (path === '/ok') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[1,2]}');
      if (path === '/empty') return response.writeHead(204).end();
      if (path === '/401') return response.writeHead(401).end('{"message":"Authorization Error"}');
      if (path === '/429-seconds') return response.writeHead(429, { 'retry-after': '120' }).end();
      if (path === '/429-date') return response.writeHead(429, { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() }).end();
      if (path === '/429-vendor') return response.writeHead(429, { 'x-vendor-reset': '42' }).end();
      if (path === '/429-bare') return response.writeHead(429).end();
      if (path === '/503') return response.writeHead(503).end('down');
      if (path === '/404') return response.writeHead(404).end('{}');
      if (path === '/409') return response.writeHead(409, { 'content-type': 'application/json' }).end('{"errors":[]}');
      if (path === '/html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (path: string, extra: object = {}) => callJson(new URL(`${base}${path}`), { accessToken: 'token-1', allowInsecureHttp: true, ...extra });
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as ProviderError);

describe('callJson', () => {
  it('sends the bearer token and parses the JSON answer; an empty answer is null', async () => {
    expect(await call('/ok')).toEqual({ data: [1, 2] });
    expect(seen.at(-1)?.authorization).toBe('Bearer token-1');
    expect(await call('/empty')).toBeNull();
  });

  it('posts a form body', async () => {
    await call('/empty', { method: 'POST', form: { access_token: 'a b' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: 'access_token=a+b' });
  });

  it('maps 401 to unauthorized, 5xx to unavailable, other 4xx and non-JSON to invalid_response', async () => {
    expect((await failure(call('/401')))?.kind).toBe(ProviderErrorKind.Unauthorized);
    expect((await failure(call('/503')))?.kind).toBe(ProviderErrorKind.Unavailable);
    expect((await failure(call('/404')))?.kind).toBe(ProviderErrorKind.InvalidResponse);
    expect((await failure(call('/html')))?.kind).toBe(ProviderErrorKind.InvalidResponse);
    expect(await call('/409', { acceptStatuses: [409] })).toEqual({ errors: [] });
  });

  it('maps 429 to rate_limited with Retry-After seconds or date, the vendor\'s own header, or a default', async () => {
    expect(await failure(call('/429-seconds'))).toMatchObject({ kind: ProviderErrorKind.RateLimited, retryAfterSeconds: 120 });
    const byDate = await failure(call('/429-date'));
    expect(byDate?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(byDate?.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await failure(call('/429-vendor', { retryAfterFromHeaders: (h: Headers) => Number(h.get('x-vendor-reset')) }))).toMatchObject({ retryAfterSeconds: 42 });
    expect(await failure(call('/429-bare'))).toMatchObject({ retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS });
  });

  it('maps no answer to unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await failure(callJson(new URL(`http://127.0.0.1:${port}/`), { accessToken: 't', allowInsecureHttp: true })))?.kind).toBe(ProviderErrorKind.Unavailable);
  });

  it('refuses plain http unless the settings allow it (the sandbox only), without calling', async () => {
    const before = seen.length;
    expect(await failure(call('/ok', { allowInsecureHttp: false }))).toMatchObject({ kind: ProviderErrorKind.InvalidResponse });
    expect(seen.length).toBe(before);
  });

  it('never puts the token in an error message', async () => {
    for (const path of ['/401', '/503', '/404', '/429-bare']) expect((await failure(call(path)))?.message).not.toContain('token-1');
  });
});

describe('retryAfterSeconds', () => {
  it('reads delta seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'retry-after': '30' }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Fri, 20 Nov 2026 10:01:30 GMT' }), now)).toBe(90);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterSeconds(new Headers(), now)).toBeNull();
  });
});
