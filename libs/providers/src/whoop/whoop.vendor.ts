import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords, SyncPage, SyncPageRequest,
  VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { isRecord, numberOrNull } from '../shared/payload-reading';
import { grantFromTokens } from '../shared/provider-grant';
import { callJson } from '../shared/provider-http';
import { uploadableRecords } from '../provider-records';
import { mapWhoopBody, mapWhoopCycles, mapWhoopSleeps, mapWhoopWorkouts } from './whoop-mapping';
import { receiveWhoopWebhook } from './whoop-webhook';

/** WHOOP's largest page. */
export const WHOOP_PAGE_SIZE = 25;
const STAGES = ['cycles', 'sleeps', 'workouts', 'body'] as const;
const PATHS = { cycles: '/developer/v2/cycle', sleeps: '/developer/v2/activity/sleep', workouts: '/developer/v2/activity/workout' } as const;

interface WhoopCursor {
  readonly stage: number;
  /** WHOOP's `nextToken` of the collection being read. */
  readonly token?: string;
}

/**
 * WHOOP API v2: cycles (with the recovery of each), sleeps, workouts in pages of 25 following
 * `next_token`, then the body measurement. OAuth 2.0 with the client credentials in the body;
 * the `offline` scope brings a refresh token. Disconnecting is DELETE /developer/v2/user/access.
 */
export class WhoopProvider implements DataProvider {
  readonly source = 'WHOOP' as const;
  readonly maxBackfillDays = 365;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    this.oauth = new OAuthClient({
      settings,
      clientAuthentication: 'body',
      scopes: ['offline', 'read:profile', 'read:cycles', 'read:recovery', 'read:sleep', 'read:workout', 'read:body_measurement'],
      // WHOOP asks for the offline scope again on every refresh.
      tokenParameters: { scope: 'offline' },
    });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    return this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    const profile = await callJson(this.api('/developer/v2/user/profile/basic'), { accessToken: tokens.access_token, allowInsecureHttp: this.settings.allowInsecureHttp });
    const userId = isRecord(profile) ? numberOrNull(profile.user_id) : null;
    if (userId === null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'whoop: the profile names no user_id');
    return grantFromTokens(tokens, String(userId), null);
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    if (!grant.refreshToken) throw new ProviderError(ProviderErrorKind.Refused, 'whoop: no refresh token');
    return grantFromTokens(await this.oauth.refresh(grant.refreshToken), grant.vendorUserId, null, grant);
  }

  async revoke(grant: ProviderGrant): Promise<void> {
    let current = grant;
    try {
      if (grant.expiresAt && grant.expiresAt.getTime() <= Date.now()) current = await this.refresh(grant);
      const url = new URL(this.settings.endpoints.revocationUrl ?? this.api('/developer/v2/user/access'));
      await callJson(url, { method: 'DELETE', accessToken: current.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
    } catch (error) {
      // Already revoked at WHOOP: nothing left to do.
      if (error instanceof ProviderError && (error.kind === ProviderErrorKind.Refused || error.kind === ProviderErrorKind.Unauthorized)) return;
      throw error;
    }
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const position = request.cursor === null ? { stage: 0 } : decodeCursor<WhoopCursor>(request.cursor);
    if (!Number.isInteger(position.stage) || position.stage < 0 || position.stage >= STAGES.length || (position.token !== undefined && typeof position.token !== 'string')) {
      throw new ProviderError(ProviderErrorKind.InvalidResponse, 'whoop: unreadable sync cursor');
    }
    const stage = STAGES[position.stage];
    const call = (path: string, query: Record<string, string>) => {
      const url = this.api(path);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return callJson(url, { accessToken: request.grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
    };
    const after = (stageIndex: number): string | null => (stageIndex + 1 < STAGES.length ? encodeCursor({ stage: stageIndex + 1 }) : null);
    if (stage === 'body') {
      const body = await call('/developer/v2/user/measurement/body', {});
      return { records: uploadableRecords(this.source, mapWhoopBody(body, request.to, request.grant.vendorUserId)), nextCursor: after(position.stage) };
    }
    const query: Record<string, string> = { start: request.from.toISOString(), end: request.to.toISOString(), limit: String(WHOOP_PAGE_SIZE) };
    if (position.token) query.nextToken = position.token;
    const page = await call(PATHS[stage], query);
    if (!isRecord(page) || !Array.isArray(page.records)) throw new ProviderError(ProviderErrorKind.InvalidResponse, `whoop: ${stage} has no records list`);
    let records: ProviderRecords;
    if (stage === 'cycles') {
      // The recoveries of this page's cycles: WHOOP files a recovery under its cycle's start.
      const starts = page.records.filter(isRecord).map((cycle) => Date.parse(String(cycle.start))).filter((at) => !Number.isNaN(at));
      const recoveries = starts.length === 0
        ? null
        : await call('/developer/v2/recovery', { start: new Date(Math.min(...starts)).toISOString(), end: new Date(Math.max(...starts) + 1).toISOString(), limit: String(WHOOP_PAGE_SIZE) });
      records = mapWhoopCycles(page, recoveries);
    } else {
      records = stage === 'sleeps' ? mapWhoopSleeps(page) : mapWhoopWorkouts(page);
    }
    const token = typeof page.next_token === 'string' && page.next_token !== '' ? page.next_token : null;
    return { records: uploadableRecords(this.source, records), nextCursor: token ? encodeCursor({ stage: position.stage, token }) : after(position.stage) };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receiveWhoopWebhook(request, this.settings.clientSecret);
  }

  private api(path: string): URL {
    return new URL(`${this.settings.endpoints.apiBaseUrl}${path}`);
  }
}

export const WHOOP_MODULE: VendorModule = {
  source: 'WHOOP',
  envPrefix: 'WHOOP',
  realEndpoints: {
    authorizationUrl: 'https://api.prod.whoop.com/oauth/oauth2/auth',
    tokenUrl: 'https://api.prod.whoop.com/oauth/oauth2/token',
    apiBaseUrl: 'https://api.prod.whoop.com',
    revocationUrl: 'https://api.prod.whoop.com/developer/v2/user/access',
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/whoop/oauth/oauth2/auth`,
    tokenUrl: `${base}/whoop/oauth/oauth2/token`,
    apiBaseUrl: `${base}/whoop`,
    revocationUrl: `${base}/whoop/developer/v2/user/access`,
  }),
  create: (settings) => new WhoopProvider(settings),
};
