import { Clock } from '@strive/domain';
import { bearerAuth, TestApp } from './test-app';

/** Real time moved forward on demand (token expiry, attempt expiry), never repeating an instant. */
export class ShiftableClock implements Clock {
  private offsetMs = 0;
  private last = 0;

  now(): Date {
    this.last = Math.max(Date.now() + this.offsetMs, this.last + 1);
    return new Date(this.last);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface ConnectOutcome {
  /** The callback's answer: status and Location (redirects) or body (pages). */
  readonly status: number;
  readonly location: string | null;
  readonly text: string;
  /** The callback URL the vendor sent the browser to. */
  readonly callback: string;
}

/** The consent URL of POST connection/{slug}/connect/. */
export async function consentUrl(test: TestApp, slug: string, profile: { publicId: string; bearer: string }, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await test.http.post(`/api/v1/connection/${slug}/connect/`).set(bearerAuth(profile.bearer)).send({ profile: profile.publicId, ...extra }).expect(200);
  return answer.body.url as string;
}

/**
 * What a browser does with the consent URL when the sandbox answers at once (auto consent): the
 * sandbox redirects to Strive's callback, which answers a redirect or a page.
 */
export async function followConsent(url: string, user: string): Promise<ConnectOutcome> {
  const consent = new URL(url);
  consent.searchParams.set('login_hint', user);
  const vendor = await fetch(consent, { redirect: 'manual' });
  const callback = vendor.headers.get('location');
  if (vendor.status !== 302 || !callback) throw new Error(`the sandbox answered ${vendor.status}, not a redirect`);
  return callbackAnswer(callback);
}

export async function callbackAnswer(callback: string): Promise<ConnectOutcome> {
  const answer = await fetch(callback, { redirect: 'manual' });
  return { status: answer.status, location: answer.headers.get('location'), text: await answer.text(), callback };
}

/** POST connect, consent as `user`, callback: the profile's connection to `slug` is made. */
export async function connectThroughSandbox(test: TestApp, slug: string, profile: { publicId: string; bearer: string }, user: string): Promise<ConnectOutcome> {
  return followConsent(await consentUrl(test, slug, profile, { redirect: 'https://app.example.com/done' }), user);
}

export async function sandboxControl(test: TestApp, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${test.sandboxUrl}/__sandbox/${path}`, body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`sandbox control ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as Record<string, unknown>;
}
