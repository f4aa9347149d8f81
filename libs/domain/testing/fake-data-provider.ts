import {
  AuthorizationRequest, CodeExchange, DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords, SyncPage, SyncPageRequest,
  VendorWebhookAnswer, VendorWebhookRequest,
} from '../src/ports/data-provider';
import { Source } from '../src/records/activity-records';

/**
 * An in-memory vendor for domain tests of the connection use cases (end-to-end tests use the real
 * adapters against the vendor sandbox). It issues grants for codes it was told about, serves
 * `pages` in order, and fails the next calls with the errors queued in `failures`.
 */
export class FakeDataProvider implements DataProvider {
  readonly maxBackfillDays: number;
  /** code -> grant the exchange answers. */
  readonly codes = new Map<string, ProviderGrant>();
  pages: ProviderRecords[] = [];
  /** Errors the next calls throw, by operation, in order. */
  readonly failures: Record<'exchange' | 'refresh' | 'revoke' | 'fetch', ProviderError[]> = { exchange: [], refresh: [], revoke: [], fetch: [] };
  readonly calls: { exchange: CodeExchange[]; refresh: ProviderGrant[]; revoke: ProviderGrant[]; fetch: SyncPageRequest[] } = {
    exchange: [], refresh: [], revoke: [], fetch: [],
  };
  /** What the next refresh answers. */
  nextRefresh: ProviderGrant | null = null;
  webhookAnswer: VendorWebhookAnswer | ProviderError = { kind: 'notifications', notifications: [] };
  /** Runs while a page is being fetched (what happens elsewhere during a sync). */
  duringFetch: (() => Promise<void>) | null = null;

  constructor(
    readonly source: Source,
    options: { maxBackfillDays?: number } = {},
  ) {
    this.maxBackfillDays = options.maxBackfillDays ?? 365;
  }

  authorizationUrl(request: AuthorizationRequest): URL {
    const url = new URL(`https://vendor.test/${this.source.toLowerCase()}/authorize`);
    url.searchParams.set('state', request.state);
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('redirect_uri', request.redirectUri);
    return url;
  }

  async exchangeCode(exchange: CodeExchange): Promise<ProviderGrant> {
    this.calls.exchange.push(exchange);
    this.throwQueued('exchange');
    const grant = this.codes.get(exchange.code);
    if (!grant) throw new ProviderError(ProviderErrorKind.Refused, 'invalid_grant');
    return grant;
  }

  async refresh(grant: ProviderGrant): Promise<ProviderGrant> {
    this.calls.refresh.push(grant);
    this.throwQueued('refresh');
    if (!this.nextRefresh) throw new ProviderError(ProviderErrorKind.Refused, 'invalid_grant');
    return this.nextRefresh;
  }

  async revoke(grant: ProviderGrant): Promise<void> {
    this.calls.revoke.push(grant);
    this.throwQueued('revoke');
  }

  async fetchPage(request: SyncPageRequest): Promise<SyncPage> {
    this.calls.fetch.push(request);
    await this.duringFetch?.();
    this.throwQueued('fetch');
    const index = request.cursor === null ? 0 : Number(request.cursor);
    const records = this.pages[index] ?? {};
    return { records, nextCursor: index + 1 < this.pages.length ? String(index + 1) : null };
  }

  receiveWebhook(_request: VendorWebhookRequest): VendorWebhookAnswer {
    if (this.webhookAnswer instanceof ProviderError) throw this.webhookAnswer;
    return this.webhookAnswer;
  }

  private throwQueued(operation: keyof FakeDataProvider['failures']): void {
    const failure = this.failures[operation].shift();
    if (failure) throw failure;
  }
}
