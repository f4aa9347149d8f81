import { createHmac } from 'node:crypto';
import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords, SyncPage, SyncPageRequest,
  VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { stringOrNull } from '../shared/payload-reading';
import { grantFromTokens } from '../shared/provider-grant';
import { callJson } from '../shared/provider-http';
import { withingsBody, withingsTokenFetch } from './withings-envelope';
import { mapWithingsActivities, mapWithingsMeasureGroups, mapWithingsSleeps, mapWithingsWorkouts } from './withings-mapping';
import { receiveWithingsWebhook } from './withings-webhook';
import { uploadableRecords } from '../provider-records';

interface Stage {
  readonly path: string;
  readonly action: string;
  /** getmeas takes epoch seconds; the v2 services local dates. */
  readonly window: 'epoch' | 'ymd';
  readonly dataFields?: string;
  readonly map: (body: unknown) => ProviderRecords;
}

const STAGES: readonly Stage[] = [
  { path: '/measure', action: 'getmeas', window: 'epoch', map: mapWithingsMeasureGroups },
  {
    path: '/v2/measure', action: 'getactivity', window: 'ymd', map: mapWithingsActivities,
    dataFields: 'steps,distance,elevation,soft,moderate,intense,active,calories,totalcalories,hr_average,hr_min,hr_max',
  },
  {
    path: '/v2/measure', action: 'getworkouts', window: 'ymd', map: mapWithingsWorkouts,
    dataFields: 'calories,steps,distance,elevation,hr_average,hr_min,hr_max,pause_duration',
  },
  {
    path: '/v2/sleep', action: 'getsummary', window: 'ymd', map: mapWithingsSleeps,
    dataFields: 'wakeupduration,lightsleepduration,deepsleepduration,remsleepduration,total_sleep_time,sleep_efficiency,sleep_score,hr_average,hr_min,rr_average',
  },
];
/** Bound on Withings' paging: a page offset beyond this is a vendor answer gone wrong. */
const MAX_OFFSET = 1_000_000;
/**
 * Measures are read a week at a time: a group maps to up to a dozen records, and a page must
 * stay within the upload limit of 1,000 records however often the person steps on the scale.
 */
const MEASURE_WINDOW_SECONDS = 7 * 86_400;

interface WithingsCursor {
  readonly stage: number;
  readonly offset: number;
  /** Start (epoch seconds) of the week of measures being read. */
  readonly start?: number;
}

/**
 * Withings Public API: measures (scales, cuffs, thermometers), daily activity, workouts and
 * sleep, one service per stage, each paged with `more` and `offset`. Its OAuth token endpoint
 * takes `action=requesttoken` and wraps its answers in `{status, body}` (withings-envelope.ts);
 * Withings ignores PKCE, which costs nothing to send. Revoking is a signed request: a nonce
 * from /v2/signature, then `action=revoke` on the token endpoint.
 */
export class WithingsProvider implements DataProvider {
  readonly source = 'WITHINGS' as const;
  readonly maxBackfillDays = 90;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    this.oauth = new OAuthClient({
      settings,
      clientAuthentication: 'body',
      scopes: ['user.info', 'user.metrics', 'user.activity'],
      scopeSeparator: ',',
      tokenParameters: { action: 'requesttoken' },
      customFetch: withingsTokenFetch,
    });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    return this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    const userId = stringOrNull(tokens.userid);
    if (!userId) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'withings: the token answer names no userid');
    return grantFromTokens(tokens, userId, null);
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    if (!grant.refreshToken) throw new ProviderError(ProviderErrorKind.Refused, 'withings: no refresh token');
    return grantFromTokens(await this.oauth.refresh(grant.refreshToken), grant.vendorUserId, null, grant);
  }

  async revoke(grant: ProviderGrant): Promise<void> {
    let current = grant;
    try {
      if (grant.expiresAt && grant.expiresAt.getTime() <= Date.now()) current = await this.refresh(grant);
    } catch (error) {
      // The grant is gone at Withings already: nothing left to revoke.
      if (error instanceof ProviderError && error.kind === ProviderErrorKind.Refused) return;
      throw error;
    }
    const { clientId, clientSecret } = this.settings;
    const sign = (...parts: string[]) => createHmac('sha256', clientSecret).update(parts.join(',')).digest('hex');
    const post = async (url: URL, form: Record<string, string>, what: string) =>
      withingsBody(await callJson(url, { method: 'POST', accessToken: current.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp, form }), what);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signed = await post(this.api('/v2/signature'), { action: 'getnonce', client_id: clientId, timestamp, signature: sign('getnonce', clientId, timestamp) }, 'getnonce');
    const nonce = stringOrNull(signed.nonce);
    if (!nonce) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'withings getnonce: no nonce');
    const revocation = new URL(this.settings.endpoints.revocationUrl ?? this.settings.endpoints.tokenUrl);
    await post(revocation, { action: 'revoke', client_id: clientId, nonce, signature: sign('revoke', clientId, nonce), userid: current.vendorUserId }, 'revoke');
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const from = Math.floor(request.from.getTime() / 1000);
    const to = Math.ceil(request.to.getTime() / 1000);
    const position = request.cursor === null ? { stage: 0, offset: 0, start: from } : decodeCursor<WithingsCursor>(request.cursor);
    const start = position.start ?? from;
    if (!Number.isInteger(position.stage) || position.stage < 0 || position.stage >= STAGES.length || !Number.isInteger(position.offset) || position.offset < 0 || position.offset > MAX_OFFSET || !Number.isInteger(start) || start < from) {
      throw new ProviderError(ProviderErrorKind.InvalidResponse, 'withings: unreadable sync cursor');
    }
    const stage = STAGES[position.stage];
    const form: Record<string, string> = { action: stage.action };
    const weekEnd = Math.min(start + MEASURE_WINDOW_SECONDS, to);
    if (stage.window === 'epoch') {
      form.category = '1';
      form.startdate = String(start);
      form.enddate = String(weekEnd);
    } else {
      form.startdateymd = request.from.toISOString().slice(0, 10);
      form.enddateymd = new Date(request.to.getTime() - 1).toISOString().slice(0, 10);
    }
    if (stage.dataFields) form.data_fields = stage.dataFields;
    if (position.offset > 0) form.offset = String(position.offset);
    const answer = await callJson(this.api(stage.path), { method: 'POST', accessToken: request.grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp, form });
    const body = withingsBody(answer, stage.action);
    const more = body.more === true || body.more === 1;
    const offset = typeof body.offset === 'number' && Number.isInteger(body.offset) ? body.offset : null;
    let next: WithingsCursor | null = null;
    if (more && offset !== null && offset > position.offset && offset <= MAX_OFFSET) next = { stage: position.stage, offset, start };
    else if (stage.window === 'epoch' && weekEnd < to) next = { stage: position.stage, offset: 0, start: weekEnd };
    else if (position.stage + 1 < STAGES.length) next = { stage: position.stage + 1, offset: 0 };
    return { records: uploadableRecords(this.source, stage.map(body)), nextCursor: next ? encodeCursor(next) : null };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receiveWithingsWebhook(request);
  }

  private api(path: string): URL {
    return new URL(`${this.settings.endpoints.apiBaseUrl}${path}`);
  }
}

export const WITHINGS_MODULE: VendorModule = {
  source: 'WITHINGS',
  envPrefix: 'WITHINGS',
  realEndpoints: {
    authorizationUrl: 'https://account.withings.com/oauth2_user/authorize2',
    tokenUrl: 'https://wbsapi.withings.net/v2/oauth2',
    apiBaseUrl: 'https://wbsapi.withings.net',
    revocationUrl: 'https://wbsapi.withings.net/v2/oauth2',
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/withings/oauth2_user/authorize2`,
    tokenUrl: `${base}/withings/v2/oauth2`,
    apiBaseUrl: `${base}/withings`,
    revocationUrl: `${base}/withings/v2/oauth2`,
  }),
  create: (settings) => new WithingsProvider(settings),
};
