import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, SyncPage, SyncPageRequest,
  VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { isRecord, numberOrNull, stringOrNull } from '../shared/payload-reading';
import { grantFromTokens } from '../shared/provider-grant';
import { callJson } from '../shared/provider-http';
import { mapStravaActivities } from './strava-mapping';
import { receiveStravaWebhook } from './strava-webhook';

/** Activities per page (Strava allows up to 200). */
const STRAVA_PAGE_SIZE = 100;

/**
 * Seconds until Strava's rate limits reset, from X-RateLimit-Limit / X-RateLimit-Usage
 * ("15-minute,daily"): the 15-minute window resets at :00, :15, :30 and :45 UTC, the daily one
 * at midnight UTC. Strava sends no Retry-After.
 */
export function stravaRetryAfter(headers: Headers, now = new Date()): number | null {
  const limit = headers.get('x-ratelimit-limit')?.split(',').map(Number);
  const usage = headers.get('x-ratelimit-usage')?.split(',').map(Number);
  if (!limit || !usage || limit.length < 2 || usage.length < 2 || [...limit, ...usage].some((n) => !Number.isFinite(n))) return null;
  const seconds = now.getUTCMinutes() * 60 + now.getUTCSeconds();
  if (usage[1] >= limit[1]) return 86_400 - (now.getUTCHours() * 3600 + seconds);
  return 900 - (seconds % 900);
}

/** Strava API v3: activities only (Strava keeps no daily totals, sleep or body data). */
export class StravaProvider implements DataProvider {
  readonly source = 'STRAVA' as const;
  readonly maxBackfillDays = 3650;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    this.oauth = new OAuthClient({
      settings,
      clientAuthentication: 'body',
      scopes: ['read', 'activity:read_all'],
      scopeSeparator: ',',
      authorizationParameters: { approval_prompt: 'auto' },
    });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    return this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    // The athlete comes with the code exchange only; the granted scope with the callback only.
    const athlete = isRecord(tokens.athlete) ? tokens.athlete : {};
    const id = numberOrNull(athlete.id) ?? stringOrNull(athlete.id);
    if (id === null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'strava: the token answer names no athlete');
    return grantFromTokens(tokens, String(id), exchange.callbackParameters.scope ?? null);
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    if (!grant.refreshToken) throw new ProviderError(ProviderErrorKind.Refused, 'strava: no refresh token');
    return grantFromTokens(await this.oauth.refresh(grant.refreshToken), grant.vendorUserId, null, grant);
  }

  /** POST /oauth/deauthorize with a live access token (Strava has no RFC 7009 endpoint). */
  async revoke(grant: ProviderGrant): Promise<void> {
    if (!this.settings.endpoints.revocationUrl) return;
    let current = grant;
    try {
      if (grant.expiresAt && grant.expiresAt.getTime() <= Date.now()) current = await this.refresh(grant);
      const url = new URL(this.settings.endpoints.revocationUrl);
      await callJson(url, { method: 'POST', accessToken: current.accessToken, form: { access_token: current.accessToken }, allowInsecureHttp: this.settings.allowInsecureHttp });
    } catch (error) {
      // Already revoked at Strava: nothing left to do.
      if (error instanceof ProviderError && (error.kind === ProviderErrorKind.Refused || error.kind === ProviderErrorKind.Unauthorized)) return;
      throw error;
    }
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const page = request.cursor === null ? 1 : decodeCursor<{ page: number }>(request.cursor).page;
    const url = new URL(`${this.settings.endpoints.apiBaseUrl}/athlete/activities`);
    // after/before are epoch seconds on the start time, both exclusive.
    url.searchParams.set('after', String(Math.floor(request.from.getTime() / 1000) - 1));
    url.searchParams.set('before', String(Math.ceil(request.to.getTime() / 1000)));
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(STRAVA_PAGE_SIZE));
    const answer = await callJson(url, {
      accessToken: request.grant.accessToken,
      allowInsecureHttp: this.settings.allowInsecureHttp,
      retryAfterFromHeaders: (headers) => stravaRetryAfter(headers),
    });
    if (!Array.isArray(answer)) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'strava: the activity list is not a list');
    const inWindow = answer.filter((activity) => {
      const start = isRecord(activity) && typeof activity.start_date === 'string' ? Date.parse(activity.start_date) : NaN;
      return start >= request.from.getTime() && start < request.to.getTime();
    });
    return {
      records: mapStravaActivities(inWindow),
      nextCursor: answer.length === STRAVA_PAGE_SIZE ? encodeCursor({ page: page + 1 }) : null,
    };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receiveStravaWebhook(request, this.settings.webhookSecret);
  }
}

export const STRAVA_MODULE: VendorModule = {
  source: 'STRAVA',
  envPrefix: 'STRAVA',
  realEndpoints: {
    authorizationUrl: 'https://www.strava.com/oauth/authorize',
    tokenUrl: 'https://www.strava.com/oauth/token',
    apiBaseUrl: 'https://www.strava.com/api/v3',
    revocationUrl: 'https://www.strava.com/oauth/deauthorize',
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/strava/oauth/authorize`,
    tokenUrl: `${base}/strava/oauth/token`,
    apiBaseUrl: `${base}/strava/api/v3`,
    revocationUrl: `${base}/strava/oauth/deauthorize`,
  }),
  create: (settings) => new StravaProvider(settings),
};
