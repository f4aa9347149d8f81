import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { DataProvider, ProviderGrant, ProviderRecords, readHealthUpload, SyncPage, VendorWebhookAnswer } from '@strive/domain';

export const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';

/**
 * The authorization-code flow through a sandbox started with autoConsent 'approve' (or 'deny'):
 * the consent redirect is read instead of followed. Returns the callback's parameters.
 */
export async function authorize(provider: DataProvider, user: string, state = 'state-1'): Promise<{ callback: Record<string, string>; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = provider.authorizationUrl({ state, codeChallenge: await oauth.calculatePKCECodeChallenge(verifier), redirectUri: REDIRECT_URI });
  url.searchParams.set('login_hint', user);
  const answer = await fetch(url, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`the sandbox answered ${answer.status}, not a redirect`);
  return { callback: Object.fromEntries(new URL(location).searchParams), verifier };
}

export async function connect(provider: DataProvider, user: string): Promise<ProviderGrant> {
  const { callback, verifier } = await authorize(provider, user);
  return provider.exchangeCode({ code: callback.code, codeVerifier: verifier, redirectUri: REDIRECT_URI, callbackParameters: callback });
}

/** Every page of [from, to), each checked as an upload body. */
export async function allPages(provider: DataProvider, grant: ProviderGrant, from: Date, to: Date, now = new Date()): Promise<SyncPage[]> {
  const pages: SyncPage[] = [];
  let cursor: string | null = null;
  do {
    const page: SyncPage = await provider.fetchPage({ grant, from, to, cursor });
    readHealthUpload({ source: provider.source, ...page.records }, now);
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 500) throw new Error('no end of pages');
  } while (cursor !== null);
  return pages;
}

/** The records of several pages, by type. */
export function merged(pages: readonly SyncPage[]): Record<string, Record<string, unknown>[]> {
  const all: Record<string, Record<string, unknown>[]> = {};
  for (const page of pages) {
    for (const [type, list] of Object.entries(page.records as ProviderRecords)) (all[type] ??= []).push(...(list as Record<string, unknown>[]));
  }
  return all;
}

export async function control(baseUrl: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${baseUrl}/__sandbox/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`sandbox control ${path} answered ${answer.status}`);
  return (await answer.json()) as Record<string, unknown>;
}

/** A subscriber endpoint that hands every request to the adapter, as the API's webhook route does. */
export async function webhookReceiver(provider: DataProvider): Promise<{ url: string; answers: VendorWebhookAnswer[]; errors: unknown[]; server: Server }> {
  const answers: VendorWebhookAnswer[] = [];
  const errors: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      try {
        const answer = provider.receiveWebhook({
          method: request.method === 'GET' ? 'GET' : 'POST',
          query: Object.fromEntries(url.searchParams),
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
          rawBody: Buffer.concat(chunks).toString('utf8'),
        });
        answers.push(answer);
        if (answer.kind === 'handshake') {
          const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
          response.writeHead(answer.status, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' }).end(answer.status === 204 ? undefined : body);
        } else {
          response.writeHead(204).end();
        }
      } catch (error) {
        errors.push(error);
        response.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, answers, errors, server };
}
