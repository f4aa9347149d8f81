import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, SyncPage, SyncPageRequest,
  VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { isRecord, numberOrNull } from '../shared/payload-reading';
import { grantFromTokens } from '../shared/provider-grant';
import { callJson } from '../shared/provider-http';
import { uploadableRecords } from '../provider-records';
import { mapWahooWorkouts } from './wahoo-mapping';
import { receiveWahooWebhook } from './wahoo-webhook';

/** Workouts per page. */
export const WAHOO_PAGE_SIZE = 50;

/**
 * Wahoo Cloud API: workouts with their summaries, listed newest first in numbered pages (Wahoo
 * filters by nothing but the page; the adapter stops once a page reaches before the window).
 * OAuth 2.0 with the client credentials in the body; `offline_data` brings a refresh token.
 * Disconnecting is DELETE /v1/permissions.
 */
export class WahooProvider implements DataProvider {
  readonly source = 'WAHOO' as const;
  readonly maxBackfillDays = 365;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    this.oauth = new OAuthClient({ settings, clientAuthentication: 'body', scopes: ['user_read', 'workouts_read', 'offline_data'] });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    return this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    const user = await callJson(this.api('/v1/user'), { accessToken: tokens.access_token, allowInsecureHttp: this.settings.allowInsecureHttp });
    const userId = isRecord(user) ? numberOrNull(user.id) : null;
    if (userId === null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'wahoo: /v1/user names no id');
    return grantFromTokens(tokens, String(userId), null);
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    if (!grant.refreshToken) throw new ProviderError(ProviderErrorKind.Refused, 'wahoo: no refresh token');
    return grantFromTokens(await this.oauth.refresh(grant.refreshToken), grant.vendorUserId, null, grant);
  }

  async revoke(grant: ProviderGrant): Promise<void> {
    let current = grant;
    try {
      if (grant.expiresAt && grant.expiresAt.getTime() <= Date.now()) current = await this.refresh(grant);
      const url = new URL(this.settings.endpoints.revocationUrl ?? this.api('/v1/permissions'));
      await callJson(url, { method: 'DELETE', accessToken: current.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
    } catch (error) {
      if (error instanceof ProviderError && (error.kind === ProviderErrorKind.Refused || error.kind === ProviderErrorKind.Unauthorized)) return;
      throw error;
    }
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const page = request.cursor === null ? 1 : decodeCursor<{ page: number }>(request.cursor).page;
    if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'wahoo: unreadable sync cursor');
    const url = this.api('/v1/workouts');
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(WAHOO_PAGE_SIZE));
    const answer = await callJson(url, { accessToken: request.grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
    if (!isRecord(answer) || !Array.isArray(answer.workouts)) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'wahoo: the answer has no workouts list');
    const starts = answer.workouts.map((w) => (isRecord(w) && typeof w.starts === 'string' ? Date.parse(w.starts) : NaN));
    const inWindow = answer.workouts.filter((_, i) => starts[i] >= request.from.getTime() && starts[i] < request.to.getTime());
    const total = numberOrNull(answer.total) ?? 0;
    // Newest first: a page that reaches before the window is the last one needed.
    const reachedStart = starts.some((at) => at < request.from.getTime());
    const more = !reachedStart && answer.workouts.length > 0 && page * WAHOO_PAGE_SIZE < total;
    return { records: uploadableRecords(this.source, mapWahooWorkouts(inWindow)), nextCursor: more ? encodeCursor({ page: page + 1 }) : null };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receiveWahooWebhook(request, this.settings.webhookSecret);
  }

  private api(path: string): URL {
    return new URL(`${this.settings.endpoints.apiBaseUrl}${path}`);
  }
}

export const WAHOO_MODULE: VendorModule = {
  source: 'WAHOO',
  envPrefix: 'WAHOO',
  realEndpoints: {
    authorizationUrl: 'https://api.wahooligan.com/oauth/authorize',
    tokenUrl: 'https://api.wahooligan.com/oauth/token',
    apiBaseUrl: 'https://api.wahooligan.com',
    revocationUrl: 'https://api.wahooligan.com/v1/permissions',
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/wahoo/oauth/authorize`,
    tokenUrl: `${base}/wahoo/oauth/token`,
    apiBaseUrl: `${base}/wahoo`,
    revocationUrl: `${base}/wahoo/v1/permissions`,
  }),
  create: (settings) => new WahooProvider(settings),
};
