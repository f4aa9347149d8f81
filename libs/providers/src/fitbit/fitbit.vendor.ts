import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords, SyncPage,
  SyncPageRequest, VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { DateTime, Zone } from 'luxon';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { arrayAt, isRecord, numberOrNull, stringOrNull } from '../shared/payload-reading';
import { grantFromTokens } from '../shared/provider-grant';
import { callJson, DataCall } from '../shared/provider-http';
import { addDays, vendorZone, zoneFromName } from '../shared/vendor-time';
import {
  FITBIT_ACTIVITY_SERIES, FitbitActivitySeries, mapFitbitActivityLogs, mapFitbitActivitySeries, mapFitbitHeartRateDays, mapFitbitSleepLogs, mapFitbitWeightLogs,
} from './fitbit-mapping';
import { receiveFitbitWebhook } from './fitbit-webhook';

/**
 * The steps of a sync window, each a page: ranges read in large chunks (activity time series and
 * heart rate a year, weight 31 days: the most each endpoint allows), sleep a week at a time (a
 * night is one summary and dozens of stages, and a page must stay under the upload limit of 1000
 * records), then the activity log list (100 entries a page). Fitbit allows 150 calls an hour per
 * person: a year of daily totals is 7 calls, not 365.
 */
const STEPS = ['series', 'heart', 'sleep', 'weight', 'activities'] as const;
type Step = (typeof STEPS)[number];
const CHUNK_DAYS: Record<Exclude<Step, 'activities'>, number> = { series: 365, heart: 365, sleep: 7, weight: 31 };
const FITBIT_ACTIVITY_PAGE_SIZE = 100;

interface Position {
  /** The person's zone (IANA or fixed offset), read once from the profile. */
  readonly z: string;
  readonly s: Step;
  /** First local date of the chunk. */
  readonly d: string;
  /** Activity list: the query of pagination.next. */
  readonly q?: string;
}

/** Seconds until Fitbit's hourly quota resets (fitbit-rate-limit-reset), when it sends no Retry-After. */
export function fitbitRetryAfter(headers: Headers): number | null {
  const reset = Number(headers.get('fitbit-rate-limit-reset'));
  return headers.has('fitbit-rate-limit-reset') && Number.isFinite(reset) && reset >= 0 ? Math.ceil(reset) : null;
}

/** Fitbit Web API: daily activity totals, activity logs, sleep logs, resting heart rate, weight. */
export class FitbitProvider implements DataProvider {
  readonly source = 'FITBIT' as const;
  readonly maxBackfillDays = 365;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    this.oauth = new OAuthClient({ settings, clientAuthentication: 'basic', scopes: ['activity', 'heartrate', 'sleep', 'weight', 'profile'] });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    return this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    const userId = stringOrNull(tokens.user_id);
    if (userId === null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'fitbit: the token answer names no user_id');
    const grant = grantFromTokens(tokens, userId, null);
    await this.subscribe(grant);
    return grant;
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    if (!grant.refreshToken) throw new ProviderError(ProviderErrorKind.Refused, 'fitbit: no refresh token');
    // Fitbit refresh tokens are single use: the answer's refresh token replaces the old one.
    const tokens = await this.oauth.refresh(grant.refreshToken);
    return grantFromTokens(tokens, stringOrNull(tokens.user_id) ?? grant.vendorUserId, null, grant);
  }

  /** Removes the notification subscription, then revokes the grant (RFC 7009 at /oauth2/revoke). */
  async revoke(grant: ProviderGrant): Promise<void> {
    try {
      await this.call(`/1/user/-/apiSubscriptions/${encodeURIComponent(grant.vendorUserId)}.json`, grant, { method: 'DELETE', acceptStatuses: [404] });
    } catch (error) {
      // An expired access token: the revocation below still ends the grant and its subscriptions.
      if (!(error instanceof ProviderError && error.kind === ProviderErrorKind.Unauthorized)) throw error;
    }
    await this.oauth.revoke(grant.refreshToken ?? grant.accessToken);
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const position = request.cursor === null ? await this.firstPosition(request) : decodeCursor<Position>(request.cursor);
    const zone = zoneFromName(position.z);
    const first = DateTime.fromJSDate(request.from, { zone }).toISODate() as string;
    const last = DateTime.fromJSDate(new Date(request.to.getTime() - 1), { zone }).toISODate() as string;
    const { records, next } = await this.step(position, zone, first, last, request);
    return { records, nextCursor: next === null ? null : encodeCursor(next) };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receiveFitbitWebhook(request, this.settings.clientSecret, this.settings.webhookSecret);
  }

  private call(path: string, grant: ProviderGrant, options: Partial<DataCall> = {}): Promise<unknown> {
    return callJson(new URL(`${this.settings.endpoints.apiBaseUrl}${path}`), {
      accessToken: grant.accessToken,
      allowInsecureHttp: this.settings.allowInsecureHttp,
      retryAfterFromHeaders: fitbitRetryAfter,
      ...options,
    });
  }

  /**
   * Subscribes the person's collections to notifications (subscription id: the Fitbit user id).
   * A failure does not fail the connection: scheduled syncs still read the data.
   */
  private async subscribe(grant: ProviderGrant): Promise<void> {
    if (this.settings.webhookSecret === null) return;
    try {
      await this.call(`/1/user/-/apiSubscriptions/${encodeURIComponent(grant.vendorUserId)}.json`, grant, { method: 'POST', acceptStatuses: [409] });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }

  private async firstPosition(request: SyncPageRequest): Promise<Position> {
    const profile = await this.call('/1/user/-/profile.json', request.grant);
    const user = isRecord(profile) && isRecord(profile.user) ? profile.user : {};
    const zone = vendorZone(stringOrNull(user.timezone), numberOrNull(user.offsetFromUTCMillis));
    return { z: zone.name, s: STEPS[0], d: DateTime.fromJSDate(request.from, { zone }).toISODate() as string };
  }

  private async step(position: Position, zone: Zone, first: string, last: string, request: SyncPageRequest): Promise<{ records: ProviderRecords; next: Position | null }> {
    const { grant } = request;
    const after = (next: Omit<Position, 'z'> | null) => (next === null ? null : { z: position.z, ...next });
    const nextStep = (): Omit<Position, 'z'> | null => {
      const index = STEPS.indexOf(position.s) + 1;
      return index < STEPS.length ? { s: STEPS[index], d: first } : null;
    };
    if (position.s === 'activities') return this.activities(position, request);
    const chunk = CHUNK_DAYS[position.s];
    const end = [addDays(position.d, chunk - 1), last].sort()[0];
    const following = end < last ? { s: position.s, d: addDays(end, 1) } : nextStep();
    if (position.d > last) return { records: {}, next: after(nextStep()) };
    let records: ProviderRecords;
    switch (position.s) {
      case 'sleep':
        records = mapFitbitSleepLogs(arrayAt(await this.call(`/1.2/user/-/sleep/date/${position.d}/${end}.json`, grant), 'sleep', 'fitbit sleep'), zone);
        break;
      case 'heart':
        records = mapFitbitHeartRateDays(arrayAt(await this.call(`/1/user/-/activities/heart/date/${position.d}/${end}.json`, grant), 'activities-heart', 'fitbit heart rate'));
        break;
      case 'weight':
        records = mapFitbitWeightLogs(arrayAt(await this.call(`/1/user/-/body/log/weight/date/${position.d}/${end}.json`, grant), 'weight', 'fitbit weight'), zone);
        break;
      case 'series': {
        const series: Partial<Record<FitbitActivitySeries, unknown[]>> = {};
        for (const name of FITBIT_ACTIVITY_SERIES) {
          series[name] = arrayAt(await this.call(`/1/user/-/activities/${name}/date/${position.d}/${end}.json`, grant), `activities-${name}`, `fitbit ${name}`);
        }
        records = mapFitbitActivitySeries(series);
        break;
      }
    }
    return { records, next: after(following) };
  }

  private async activities(position: Position, request: SyncPageRequest): Promise<{ records: ProviderRecords; next: Position | null }> {
    // afterDate is exclusive of its own instant: start a day early and keep the window's entries.
    const query = position.q ?? new URLSearchParams({ afterDate: `${addDays(position.d, -1)}T00:00:00`, sort: 'asc', limit: String(FITBIT_ACTIVITY_PAGE_SIZE), offset: '0' }).toString();
    const answer = await this.call(`/1/user/-/activities/list.json?${query}`, request.grant);
    const list = arrayAt(answer, 'activities', 'fitbit activity list');
    const inWindow = list.filter((item) => {
      const start = isRecord(item) && typeof item.startTime === 'string' ? Date.parse(item.startTime) : NaN;
      return start >= request.from.getTime() && start < request.to.getTime();
    });
    const pastWindow = list.some((item) => isRecord(item) && typeof item.startTime === 'string' && Date.parse(item.startTime) >= request.to.getTime());
    const nextUrl = isRecord(answer) && isRecord(answer.pagination) ? stringOrNull(answer.pagination.next) : null;
    // Only the query of pagination.next is used: the next call goes to the configured API, never to a URL from a payload.
    const next = nextUrl && !pastWindow && list.length > 0 ? { z: position.z, s: 'activities' as const, d: position.d, q: new URL(nextUrl, 'https://api.invalid').searchParams.toString() } : null;
    return { records: mapFitbitActivityLogs(inWindow), next };
  }
}

export const FITBIT_MODULE: VendorModule = {
  source: 'FITBIT',
  envPrefix: 'FITBIT',
  realEndpoints: {
    authorizationUrl: 'https://www.fitbit.com/oauth2/authorize',
    tokenUrl: 'https://api.fitbit.com/oauth2/token',
    apiBaseUrl: 'https://api.fitbit.com',
    revocationUrl: 'https://api.fitbit.com/oauth2/revoke',
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/fitbit/oauth2/authorize`,
    tokenUrl: `${base}/fitbit/oauth2/token`,
    apiBaseUrl: `${base}/fitbit/api`,
    revocationUrl: `${base}/fitbit/oauth2/revoke`,
  }),
  create: (settings) => new FitbitProvider(settings),
};
