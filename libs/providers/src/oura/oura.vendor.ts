import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords, SyncPage,
  SyncPageRequest, VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { arrayAt, isRecord, stringOrNull } from '../shared/payload-reading';
import { grantFromTokens } from '../shared/provider-grant';
import { callJson } from '../shared/provider-http';
import { addDays, utcDate } from '../shared/vendor-time';
import { mapOuraDailyActivity, mapOuraHeartRate, mapOuraSleep, mapOuraWorkouts } from './oura-mapping';
import { receiveOuraWebhook } from './oura-webhook';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** next_token pages followed inside one step (daily_sleep scores, a day of heart rate); more is a vendor fault. */
const MAX_INNER_PAGES = 20;

/**
 * The collections read in order, each in chunks of days followed through next_token; heart rate
 * a UTC day a page. Chunks keep a page under the upload limit of 1000 records: a night of sleep
 * is one summary and dozens of stages, so sleep is read a week at a time.
 */
const STEPS = ['daily_activity', 'workout', 'sleep', 'heartrate'] as const;
type Step = (typeof STEPS)[number];
const CHUNK_DAYS: Record<Exclude<Step, 'heartrate'>, number> = { daily_activity: 90, workout: 30, sleep: 7 };

interface Position {
  readonly s: Step;
  /** Oura's next_token within the chunk. */
  readonly t: string | null;
  /** First date of the chunk (daily collections). */
  readonly d?: string;
  /** heartrate: start of the day read (epoch ms). */
  readonly h?: number;
}

/** Oura API v2: daily activity, workouts, sleep periods with their daily score, heart rate. */
export class OuraProvider implements DataProvider {
  readonly source = 'OURA' as const;
  readonly maxBackfillDays = 365;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    this.oauth = new OAuthClient({ settings, clientAuthentication: 'body', scopes: ['email', 'personal', 'daily', 'heartrate', 'workout'] });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    return this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
  }

  /** Oura's token answer names nobody: the user id comes from personal_info. */
  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    const info = await this.call('/v2/usercollection/personal_info', tokens.access_token);
    const id = isRecord(info) ? stringOrNull(info.id) : null;
    if (id === null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'oura: personal_info names no user id');
    return grantFromTokens(tokens, id, null);
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    if (!grant.refreshToken) throw new ProviderError(ProviderErrorKind.Refused, 'oura: no refresh token');
    return grantFromTokens(await this.oauth.refresh(grant.refreshToken), grant.vendorUserId, null, grant);
  }

  /** POST /oauth/revoke?access_token=... (Oura's own form, not RFC 7009). */
  async revoke(grant: ProviderGrant): Promise<void> {
    if (!this.settings.endpoints.revocationUrl) return;
    const url = new URL(this.settings.endpoints.revocationUrl);
    url.searchParams.set('access_token', grant.accessToken);
    try {
      await callJson(url, { method: 'POST', accessToken: grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
    } catch (error) {
      // A token Oura no longer knows is already revoked.
      if (!(error instanceof ProviderError && error.kind === ProviderErrorKind.Unauthorized)) throw error;
    }
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const position = request.cursor === null ? { s: STEPS[0], t: null } : decodeCursor<Position>(request.cursor);
    const { records, next } = await this.step(position, request);
    return { records, nextCursor: next === null ? null : encodeCursor(next) };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receiveOuraWebhook(request, this.settings.clientSecret, this.settings.webhookSecret);
  }

  private call(path: string, accessToken: string, query: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${this.settings.endpoints.apiBaseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return callJson(url, { accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
  }

  /**
   * One page of a collection over a chunk of the window's dates (start_date and end_date are
   * inclusive dates), and where to go next: the chunk's next_token, the next chunk, or null.
   */
  private async collection(type: Exclude<Step, 'heartrate'>, position: Position, request: SyncPageRequest): Promise<{ data: unknown[]; next: Position | null }> {
    const last = utcDate(new Date(request.to.getTime() - 1));
    const first = position.d ?? utcDate(request.from);
    const index = STEPS.indexOf(type) + 1;
    if (first > last) return { data: [], next: { s: STEPS[index], t: null } };
    const end = [addDays(first, CHUNK_DAYS[type] - 1), last].sort()[0];
    const query: Record<string, string> = { start_date: first, end_date: end };
    if (position.t) query.next_token = position.t;
    const answer = await this.call(`/v2/usercollection/${type}`, request.grant.accessToken, query);
    const token = isRecord(answer) ? stringOrNull(answer.next_token) : null;
    const next: Position | null = token
      ? { s: type, t: token, d: first }
      : end < last
        ? { s: type, t: null, d: addDays(end, 1) }
        : { s: STEPS[index], t: null };
    return { data: arrayAt(answer, 'data', `oura ${type}`), next };
  }

  private async step(position: Position, request: SyncPageRequest): Promise<{ records: ProviderRecords; next: Position | null }> {
    switch (position.s) {
      case 'daily_activity': {
        const page = await this.collection('daily_activity', position, request);
        return { records: mapOuraDailyActivity(page.data), next: page.next };
      }
      case 'workout': {
        const page = await this.collection('workout', position, request);
        return { records: mapOuraWorkouts(page.data), next: page.next };
      }
      case 'sleep': {
        const page = await this.collection('sleep', position, request);
        const days = page.data.flatMap((doc) => (isRecord(doc) && typeof doc.day === 'string' ? [doc.day] : [])).sort();
        const scores: unknown[] = [];
        if (days.length > 0) {
          // The scores of the page's days (daily_sleep is a separate collection).
          let token: string | null = null;
          for (let i = 0; i < MAX_INNER_PAGES; i++) {
            const query: Record<string, string> = { start_date: days[0], end_date: days[days.length - 1], ...(token ? { next_token: token } : {}) };
            const answer = await this.call('/v2/usercollection/daily_sleep', request.grant.accessToken, query);
            scores.push(...arrayAt(answer, 'data', 'oura daily_sleep'));
            token = isRecord(answer) ? stringOrNull(answer.next_token) : null;
            if (!token) break;
          }
        }
        return { records: mapOuraSleep(page.data, scores), next: page.next };
      }
      case 'heartrate':
        return this.heartRateDay(position, request);
    }
  }

  /** One UTC day of heart rate, on whole hours: the window's ends are widened to the hour. */
  private async heartRateDay(position: Position, request: SyncPageRequest): Promise<{ records: ProviderRecords; next: Position | null }> {
    const first = Math.floor(request.from.getTime() / HOUR_MS) * HOUR_MS;
    const last = Math.ceil(request.to.getTime() / HOUR_MS) * HOUR_MS;
    const start = position.h ?? first;
    const end = Math.min(last, Math.floor(start / DAY_MS) * DAY_MS + DAY_MS);
    const samples: unknown[] = [];
    let token: string | null = null;
    for (let i = 0; i < MAX_INNER_PAGES; i++) {
      const query: Record<string, string> = { start_datetime: new Date(start).toISOString(), end_datetime: new Date(end).toISOString(), ...(token ? { next_token: token } : {}) };
      const answer = await this.call('/v2/usercollection/heartrate', request.grant.accessToken, query);
      samples.push(...arrayAt(answer, 'data', 'oura heartrate'));
      token = isRecord(answer) ? stringOrNull(answer.next_token) : null;
      if (!token) break;
    }
    const inRange = samples.filter((s) => {
      const at = isRecord(s) && typeof s.timestamp === 'string' ? Date.parse(s.timestamp) : NaN;
      return at >= start && at < end;
    });
    return { records: mapOuraHeartRate(inRange), next: end < last ? { s: 'heartrate', t: null, h: end } : null };
  }
}

export const OURA_MODULE: VendorModule = {
  source: 'OURA',
  envPrefix: 'OURA',
  realEndpoints: {
    authorizationUrl: 'https://cloud.ouraring.com/oauth/authorize',
    tokenUrl: 'https://api.ouraring.com/oauth/token',
    apiBaseUrl: 'https://api.ouraring.com',
    revocationUrl: 'https://api.ouraring.com/oauth/revoke',
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/oura/oauth/authorize`,
    tokenUrl: `${base}/oura/oauth/token`,
    apiBaseUrl: `${base}/oura/api`,
    revocationUrl: `${base}/oura/oauth/revoke`,
  }),
  create: (settings) => new OuraProvider(settings),
};
