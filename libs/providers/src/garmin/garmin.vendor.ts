import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, SyncPage, SyncPageRequest,
  VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { isRecord, stringOrNull } from '../shared/payload-reading';
import { grantFromTokens } from '../shared/provider-grant';
import { callJson } from '../shared/provider-http';
import { GarminSummaryType, mapGarminSummaries } from './garmin-mapping';
import { receiveGarminWebhook } from './garmin-webhook';
import { uploadableRecords } from '../provider-records';

/** The summary types read, in page order. */
export const GARMIN_SUMMARY_TYPES: readonly GarminSummaryType[] = ['dailies', 'activities', 'sleeps', 'bodyComps'];
/** The pull endpoints refuse upload windows longer than a day. */
const MAX_WINDOW_SECONDS = 86_400;
/** The Backfill API takes at most 90 days of summaries per request. */
const MAX_BACKFILL_SECONDS = 90 * 86_400;

interface GarminCursor {
  /** Start of the upload window (epoch seconds). */
  readonly start: number;
  /** Index in GARMIN_SUMMARY_TYPES. */
  readonly type: number;
}

/**
 * Garmin Health API (OAuth 2.0 with PKCE since 2024): dailies (with the day's heart rate
 * samples and stress), activities, sleeps and body compositions, pulled by upload time in
 * windows of at most a day, one summary type per page. Garmin's user id comes from
 * /wellness-api/rest/user/id; disconnecting deletes the user's registration.
 *
 * Pulls only see what was uploaded after the person connected; older summaries come through
 * Garmin's Backfill API, which answers 202 and delivers them later as notifications (whose
 * upload windows the sync then pulls). A sync spanning more than a day (a new connection, or
 * catching up after a pause) therefore first asks Garmin to backfill that span.
 */
export class GarminProvider implements DataProvider {
  readonly source = 'GARMIN' as const;
  readonly maxBackfillDays = 90;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    // Garmin's consent page takes no scope: the app's permissions are set in its developer portal.
    this.oauth = new OAuthClient({ settings, clientAuthentication: 'body', scopes: [] });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    const url = this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
    url.searchParams.delete('scope');
    return url;
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    const answer = await callJson(this.api('/wellness-api/rest/user/id'), { accessToken: tokens.access_token, allowInsecureHttp: this.settings.allowInsecureHttp });
    const userId = isRecord(answer) ? stringOrNull(answer.userId) : null;
    if (!userId) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'garmin: /user/id names no user');
    return grantFromTokens(tokens, userId, null);
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    if (!grant.refreshToken) throw new ProviderError(ProviderErrorKind.Refused, 'garmin: no refresh token');
    return grantFromTokens(await this.oauth.refresh(grant.refreshToken), grant.vendorUserId, null, grant);
  }

  /** DELETE /wellness-api/rest/user/registration: Garmin stops sending and serving the person's data. */
  async revoke(grant: ProviderGrant): Promise<void> {
    let current = grant;
    try {
      if (grant.expiresAt && grant.expiresAt.getTime() <= Date.now()) current = await this.refresh(grant);
      const url = new URL(this.settings.endpoints.revocationUrl ?? this.api('/wellness-api/rest/user/registration'));
      await callJson(url, {
        method: 'DELETE', accessToken: current.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp,
      });
    } catch (error) {
      // Already deregistered at Garmin: nothing left to do.
      if (error instanceof ProviderError && (error.kind === ProviderErrorKind.Refused || error.kind === ProviderErrorKind.Unauthorized)) return;
      throw error;
    }
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const from = Math.floor(request.from.getTime() / 1000);
    const to = Math.ceil(request.to.getTime() / 1000);
    const position = request.cursor === null ? { start: from, type: 0 } : decodeCursor<GarminCursor>(request.cursor);
    if (!Number.isInteger(position.start) || !Number.isInteger(position.type) || position.type < 0 || position.type >= GARMIN_SUMMARY_TYPES.length || position.start < from) {
      throw new ProviderError(ProviderErrorKind.InvalidResponse, 'garmin: unreadable sync cursor');
    }
    if (position.start >= to) return { records: {}, nextCursor: null };
    if (request.cursor === null && to - from > MAX_WINDOW_SECONDS) await this.requestBackfill(request.grant, from, to);
    const end = Math.min(position.start + MAX_WINDOW_SECONDS, to);
    const type = GARMIN_SUMMARY_TYPES[position.type];
    const url = this.api(`/wellness-api/rest/${type}`);
    url.searchParams.set('uploadStartTimeInSeconds', String(position.start));
    url.searchParams.set('uploadEndTimeInSeconds', String(end));
    const answer = await callJson(url, { accessToken: request.grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
    if (!Array.isArray(answer)) throw new ProviderError(ProviderErrorKind.InvalidResponse, `garmin: ${type} is not a list`);
    const next: GarminCursor | null =
      position.type + 1 < GARMIN_SUMMARY_TYPES.length ? { start: position.start, type: position.type + 1 } : end < to ? { start: end, type: 0 } : null;
    return { records: uploadableRecords(this.source, mapGarminSummaries(type, answer)), nextCursor: next ? encodeCursor(next) : null };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receiveGarminWebhook(request);
  }

  /** GET /wellness-api/rest/backfill/{type} per summary type and 90 days; 409 (already asked) is fine. */
  private async requestBackfill(grant: ProviderGrant, from: number, to: number): Promise<void> {
    for (let start = from; start < to; start += MAX_BACKFILL_SECONDS) {
      for (const type of GARMIN_SUMMARY_TYPES) {
        const url = this.api(`/wellness-api/rest/backfill/${type}`);
        url.searchParams.set('summaryStartTimeInSeconds', String(start));
        url.searchParams.set('summaryEndTimeInSeconds', String(Math.min(start + MAX_BACKFILL_SECONDS, to)));
        await callJson(url, { accessToken: grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp, acceptStatuses: [409] });
      }
    }
  }

  private api(path: string): URL {
    return new URL(`${this.settings.endpoints.apiBaseUrl}${path}`);
  }
}

export const GARMIN_MODULE: VendorModule = {
  source: 'GARMIN',
  envPrefix: 'GARMIN',
  realEndpoints: {
    authorizationUrl: 'https://connect.garmin.com/oauth2Confirm',
    tokenUrl: 'https://diauth.garmin.com/di-oauth2-service/oauth/token',
    apiBaseUrl: 'https://apis.garmin.com',
    revocationUrl: 'https://apis.garmin.com/wellness-api/rest/user/registration',
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/garmin/oauth2Confirm`,
    tokenUrl: `${base}/garmin/di-oauth2-service/oauth/token`,
    apiBaseUrl: `${base}/garmin`,
    revocationUrl: `${base}/garmin/wellness-api/rest/user/registration`,
  }),
  create: (settings) => new GarminProvider(settings),
};
