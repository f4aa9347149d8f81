import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords, SyncPage, SyncPageRequest,
  VendorWebhookAnswer, VendorWebhookRequest,
} from '@strive/domain';
import { VendorModule, VendorSettings } from '../vendor-module';
import { OAuthClient } from '../shared/oauth-client';
import { decodeCursor, encodeCursor } from '../shared/page-cursor';
import { isRecord } from '../shared/payload-reading';
import { callJson } from '../shared/provider-http';
import { RecordRow, uploadableRecords, wholeItemsPage } from '../provider-records';
import { mapPolarDailyActivities, mapPolarExercises, mapPolarHeartRateDays, mapPolarNights } from './polar-mapping';
import { receivePolarWebhook } from './polar-webhook';

/** AccessLink serves the last 28 days of daily data (30 of exercises); a backfill asks no more. */
const POLAR_DAYS = 28;
const STAGES = ['exercises', 'activities', 'nights', 'heart_rate'] as const;

interface PolarCursor {
  readonly stage: number;
  /** The first night of the page, when the nights take more than one page. */
  readonly night?: number;
}

/** The day's records whose time or date lies in [from, to): Polar's lists ignore the window. */
function inWindow(records: ProviderRecords, from: Date, to: Date): ProviderRecords {
  const fromDate = from.toISOString().slice(0, 10);
  const toDate = to.toISOString().slice(0, 10);
  const out: Record<string, RecordRow[]> = {};
  for (const [type, list] of Object.entries(records)) {
    const kept = (list ?? []).filter((row) => {
      if (typeof row.date === 'string') return row.date >= fromDate && row.date <= toDate;
      const at = Date.parse(String(row.timestamp ?? row.start_time));
      return at >= from.getTime() && at < to.getTime();
    });
    if (kept.length > 0) out[type] = kept as RecordRow[];
  }
  return out;
}

/**
 * Polar AccessLink v3: exercises, daily activity, sleep with its nightly recharge, continuous
 * heart rate, one kind per page. The token answer carries `x_user_id`; the person must then be
 * registered (POST /v3/users) before any data call, and is deregistered (DELETE
 * /v3/users/{id}) on disconnect. AccessLink tokens do not expire and have no refresh token.
 */
export class PolarProvider implements DataProvider {
  readonly source = 'POLAR' as const;
  readonly maxBackfillDays = POLAR_DAYS;
  private readonly oauth: OAuthClient;

  constructor(private readonly settings: VendorSettings) {
    this.oauth = new OAuthClient({ settings, clientAuthentication: 'basic', scopes: ['accesslink.read_all'] });
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    return this.oauth.authorizationUrl(request.state, request.codeChallenge, request.redirectUri);
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    const tokens = await this.oauth.exchangeCode(exchange);
    const userId = tokens.x_user_id;
    const vendorUserId = typeof userId === 'number' && Number.isSafeInteger(userId) ? String(userId) : typeof userId === 'string' && /^\d{1,20}$/.test(userId) ? userId : null;
    if (!vendorUserId) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'polar: the token answer names no x_user_id');
    // Registration; 409 means the person is registered already (a reconnect).
    await callJson(this.api('/v3/users'), {
      method: 'POST',
      accessToken: tokens.access_token,
      allowInsecureHttp: this.settings.allowInsecureHttp,
      json: { 'member-id': `strive-${vendorUserId}` },
      acceptStatuses: [409],
    });
    return { accessToken: tokens.access_token, refreshToken: null, expiresAt: null, scope: typeof tokens.scope === 'string' ? tokens.scope : null, vendorUserId };
  }

  /**
   * AccessLink tokens do not expire and come without a refresh token, so a refresh is only ever
   * asked after the token was refused: the person revoked access at Polar.
   */
  async refresh(_grant: ProviderGrant): Promise<ProviderGrant> {
    throw new ProviderError(ProviderErrorKind.Refused, 'polar: AccessLink tokens do not expire; a refused token was revoked');
  }

  /** DELETE /v3/users/{user-id}: the person's AccessLink registration and the token end. */
  async revoke(grant: ProviderGrant): Promise<void> {
    try {
      await callJson(this.api(`/v3/users/${encodeURIComponent(grant.vendorUserId)}`), {
        method: 'DELETE', accessToken: grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp, acceptStatuses: [404],
      });
    } catch (error) {
      // The token is no longer valid: the registration is gone with it.
      if (error instanceof ProviderError && error.kind === ProviderErrorKind.Unauthorized) return;
      throw error;
    }
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    const position = request.cursor === null ? { stage: 0 } : decodeCursor<PolarCursor>(request.cursor);
    const { stage } = position;
    const firstNight = position.night ?? 0;
    if (!Number.isInteger(stage) || stage < 0 || stage >= STAGES.length || !Number.isInteger(firstNight) || firstNight < 0) {
      throw new ProviderError(ProviderErrorKind.InvalidResponse, 'polar: unreadable sync cursor');
    }
    // Date-keyed endpoints take at most 28 days: the window's last 28.
    const earliest = new Date(request.to.getTime() - POLAR_DAYS * 86_400_000);
    const from = request.from < earliest ? earliest : request.from;
    const dates = { from: from.toISOString().slice(0, 10), to: request.to.toISOString().slice(0, 10) };
    const get = (path: string, query: Record<string, string> = {}) => {
      const url = this.api(path);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return callJson(url, { accessToken: request.grant.accessToken, allowInsecureHttp: this.settings.allowInsecureHttp });
    };
    let records: ProviderRecords;
    let nextNight: number | null = null;
    switch (STAGES[stage]) {
      case 'exercises':
        records = mapPolarExercises(await get('/v3/exercises'));
        break;
      case 'activities':
        records = mapPolarDailyActivities(await get('/v3/users/activities', dates));
        break;
      case 'nights': {
        const [sleep, recharge] = [await get('/v3/users/sleep'), await get('/v3/users/nightly-recharge')];
        if (!isRecord(sleep) && sleep !== null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'polar: sleep is not an object');
        // Nights with their stages can outgrow one upload: as many whole nights as fit.
        const nights = mapPolarNights(sleep, recharge).map((night) => inWindow(night, request.from, request.to));
        const page = wholeItemsPage(nights, firstNight);
        records = page.records;
        nextNight = page.next;
        break;
      }
      case 'heart_rate':
        records = mapPolarHeartRateDays(await get('/v3/users/continuous-heart-rate', dates));
        break;
    }
    const next: PolarCursor | null = nextNight !== null ? { stage, night: nextNight } : stage + 1 < STAGES.length ? { stage: stage + 1 } : null;
    return { records: uploadableRecords(this.source, inWindow(records, request.from, request.to)), nextCursor: next ? encodeCursor(next) : null };
  }

  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
    return receivePolarWebhook(request, this.settings.webhookSecret);
  }

  private api(path: string): URL {
    return new URL(`${this.settings.endpoints.apiBaseUrl}${path}`);
  }
}

export const POLAR_MODULE: VendorModule = {
  source: 'POLAR',
  envPrefix: 'POLAR',
  realEndpoints: {
    authorizationUrl: 'https://flow.polar.com/oauth2/authorization',
    tokenUrl: 'https://polarremote.com/v2/oauth2/token',
    apiBaseUrl: 'https://www.polaraccesslink.com',
    revocationUrl: null,
  },
  sandboxEndpoints: (base) => ({
    authorizationUrl: `${base}/polar/oauth2/authorization`,
    tokenUrl: `${base}/polar/v2/oauth2/token`,
    apiBaseUrl: `${base}/polar`,
    revocationUrl: null,
  }),
  create: (settings) => new PolarProvider(settings),
};
