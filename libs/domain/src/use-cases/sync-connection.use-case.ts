import { canSync, Connection, ConnectionMoves } from '../connections/connection';
import { ProviderDirectory } from '../connections/provider-directory';
import { openGrant, sealGrant } from '../connections/sealed-grant';
import { RetryLater } from '../jobs/retry-later';
import { Clock } from '../ports/clock';
import { ConnectionRepository } from '../ports/connection-repository';
import { DataProvider, ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords } from '../ports/data-provider';
import { TokenCipher } from '../ports/token-cipher';
import { HealthDataError } from '../records/health-data-error';
import { HEALTH_DATA_TYPES } from '../records/health-record';
import { MAX_UPLOAD_RECORDS, readHealthUpload } from '../records/health-upload';
import { RecordActivityUseCase } from './record-activity.use-case';

const DAY_MS = 86_400_000;
/** Tokens expiring sooner than this are refreshed before the sync reads anything. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** An incremental sync reads again this far before where the last one ended (vendors revise recent days). */
export const SYNC_OVERLAP_MS = 2 * DAY_MS;
/** Pages one sync reads at most (a vendor that never ends its pages cannot keep a worker forever). */
export const MAX_SYNC_PAGES = 1000;
/** When a vendor says "wait" without saying how long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface SyncSettings {
  /** CONNECTION_BACKFILL_DAYS: how far back a new connection is read (the vendor's maxBackfillDays caps it). */
  readonly backfillDays: number;
}

export interface SyncConnectionInput {
  readonly appId: string;
  readonly connectionId: string;
  /** Read the whole backfill window, not only since the last sync. */
  readonly backfill: boolean;
}

export interface SyncConnectionResult {
  readonly outcome: 'synced' | 'skipped' | 'revoked' | 'failed';
  readonly records: number;
}

/**
 * The connection.sync and connection.backfill jobs: refreshes the access token before it expires
 * (a refused refresh revokes the connection with its reason), reads the vendor's pages of
 * [from, now), validates each page exactly as an upload (readHealthUpload, at most
 * MAX_UPLOAD_RECORDS records at a time) and stores it through RecordActivityUseCase, the one write
 * path: synced records change points and scores exactly as uploaded ones. Records upsert by their
 * vendor external_id, so reading a page twice stores nothing twice. A vendor 429 or 5xx throws
 * RetryLater with its Retry-After: the job runs again then.
 */
export class SyncConnectionUseCase {
  constructor(
    private readonly directory: ProviderDirectory,
    private readonly connections: ConnectionRepository,
    private readonly cipher: TokenCipher,
    private readonly recordActivity: RecordActivityUseCase,
    private readonly clock: Clock,
    private readonly settings: SyncSettings,
  ) {}

  async execute(input: SyncConnectionInput): Promise<SyncConnectionResult> {
    const found = await this.connections.findById(input.appId, input.connectionId);
    const provider = found === null ? null : this.directory.find(found.source);
    if (found === null || provider === null || !canSync(found)) return { outcome: 'skipped', records: 0 };
    let grant: ProviderGrant;
    try {
      grant = openGrant(this.cipher, found.sealedGrant as string);
    } catch {
      // Sealed under another key (CONNECTION_TOKEN_KEY changed): only a reconnect brings new tokens.
      const reason = 'The stored vendor tokens cannot be read (the token key changed?); connect again.';
      await this.connections.saveIfUnchanged(ConnectionMoves.syncFailed(found, reason, this.clock.now()), found);
      return { outcome: 'failed', records: 0 };
    }
    const ports: SyncPorts = { connections: this.connections, cipher: this.cipher, recordActivity: this.recordActivity, clock: this.clock, settings: this.settings };
    return new SyncRun(provider, found, grant, ports).execute(input.backfill);
  }
}

interface SyncPorts {
  readonly connections: ConnectionRepository;
  readonly cipher: TokenCipher;
  readonly recordActivity: RecordActivityUseCase;
  readonly clock: Clock;
  readonly settings: SyncSettings;
}

/** One sync of one connection: its grant and connection as they change along the way. */
class SyncRun {
  private refreshed = false;
  private stored = 0;

  constructor(
    private readonly provider: DataProvider,
    private connection: Connection,
    private grant: ProviderGrant,
    private readonly ports: SyncPorts,
  ) {}

  async execute(backfill: boolean): Promise<SyncConnectionResult> {
    const { clock, settings } = this.ports;
    const now = clock.now();
    const backfillDays = Math.max(0, Math.min(settings.backfillDays, this.provider.maxBackfillDays));
    const earliest = now.getTime() - backfillDays * DAY_MS;
    const from = new Date(
      backfill || this.connection.syncedUntil === null ? earliest : Math.max(earliest, this.connection.syncedUntil.getTime() - SYNC_OVERLAP_MS),
    );
    try {
      if (this.grant.expiresAt !== null && this.grant.expiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS) await this.refresh();
      let cursor: string | null = null;
      let pages = 0;
      do {
        if (++pages > MAX_SYNC_PAGES) throw new SyncFailure(`The vendor had more than ${MAX_SYNC_PAGES} pages for one sync.`);
        const page = await this.fetch(from, now, cursor);
        await this.store(page.records, now);
        cursor = page.nextCursor;
      } while (cursor !== null);
      await this.save(ConnectionMoves.syncSucceeded(this.connection, now, clock.now()));
      return { outcome: 'synced', records: this.stored };
    } catch (error) {
      return this.handle(error);
    }
  }

  private async fetch(from: Date, to: Date, cursor: string | null) {
    try {
      return await this.provider.fetchPage({ grant: this.grant, from, to, cursor });
    } catch (error) {
      // An access token the vendor no longer takes: one refresh, then the page again.
      if (error instanceof ProviderError && error.kind === ProviderErrorKind.Unauthorized && !this.refreshed && this.grant.refreshToken !== null) {
        await this.refresh();
        return this.provider.fetchPage({ grant: this.grant, from, to, cursor });
      }
      throw error;
    }
  }

  private async refresh(): Promise<void> {
    const { cipher, clock } = this.ports;
    this.refreshed = true;
    let fresh: ProviderGrant;
    try {
      fresh = await this.provider.refresh(this.grant);
    } catch (error) {
      if (error instanceof ProviderError && error.kind === ProviderErrorKind.Refused) throw new GrantWithdrawn(`The vendor refused the token refresh: ${error.message}`);
      throw error;
    }
    // Vendors that do not rotate refresh tokens answer none: the old one stays valid.
    this.grant = { ...fresh, refreshToken: fresh.refreshToken ?? this.grant.refreshToken };
    await this.save(ConnectionMoves.refreshGrant(this.connection, this.grant, sealGrant(cipher, this.grant), clock.now()));
  }

  /** Validates the page as an upload, in slices of at most MAX_UPLOAD_RECORDS, and writes each through the one write path. */
  private async store(records: ProviderRecords, now: Date): Promise<void> {
    const { recordActivity } = this.ports;
    let slice: Record<string, unknown[]> = {};
    let size = 0;
    const flush = async () => {
      if (size === 0) return;
      const upload = readHealthUpload({ source: this.connection.source, ...slice }, now);
      await recordActivity.execute({ appId: this.connection.appId, profileId: this.connection.profileId, records: upload.records });
      this.stored += upload.records.length;
      slice = {};
      size = 0;
    };
    for (const type of HEALTH_DATA_TYPES) {
      for (const record of records[type] ?? []) {
        (slice[type] ??= []).push(record);
        if (++size === MAX_UPLOAD_RECORDS) await flush();
      }
    }
    await flush();
  }

  private async handle(error: unknown): Promise<SyncConnectionResult> {
    const { clock } = this.ports;
    const at = clock.now();
    // What was stored stays (it was read with a then-valid grant); the connection is left as the other writer saved it.
    if (error instanceof Superseded) return { outcome: 'skipped', records: this.stored };
    if (error instanceof GrantWithdrawn || (error instanceof ProviderError && (error.kind === ProviderErrorKind.Refused || error.kind === ProviderErrorKind.Unauthorized))) {
      const reason = error instanceof GrantWithdrawn ? error.message : `The vendor refused the access token: ${error.message}`;
      const saved = await this.trySave(ConnectionMoves.revoke(this.connection, reason, at));
      return { outcome: saved ? 'revoked' : 'skipped', records: this.stored };
    }
    if (error instanceof ProviderError && (error.kind === ProviderErrorKind.RateLimited || error.kind === ProviderErrorKind.Unavailable)) {
      const wait = error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
      const reason = `${error.kind === ProviderErrorKind.RateLimited ? 'Rate limited by the vendor' : 'The vendor is unavailable'}; retrying in ${wait} s.`;
      if (!(await this.trySave(ConnectionMoves.syncRetrying(this.connection, reason, at)))) return { outcome: 'skipped', records: this.stored };
      throw new RetryLater(wait, reason);
    }
    if (error instanceof SyncFailure || error instanceof HealthDataError || (error instanceof ProviderError && error.kind === ProviderErrorKind.InvalidResponse)) {
      const first = error instanceof HealthDataError ? error.issues[0] : undefined;
      const reason = error instanceof HealthDataError
        ? `The vendor sent records that fail validation${first ? ` (${first.path} ${first.message})` : ''}: ${error.message}`
        : (error as Error).message;
      const saved = await this.trySave(ConnectionMoves.syncFailed(this.connection, reason, at));
      return { outcome: saved ? 'failed' : 'skipped', records: this.stored };
    }
    throw error;
  }

  /** Saves the run's copy unless someone else saved the connection meanwhile: then the run stops. */
  private async save(connection: Connection): Promise<void> {
    if (!(await this.trySave(connection))) throw new Superseded();
  }

  private async trySave(connection: Connection): Promise<boolean> {
    const saved = await this.ports.connections.saveIfUnchanged(connection, this.connection);
    if (saved) this.connection = connection;
    return saved;
  }
}

/** The connection was disconnected, reconnected or revoked while the sync ran. */
class Superseded extends Error {}

/** The vendor withdrew the grant (its refresh was refused). */
class GrantWithdrawn extends Error {}
/** The sync cannot complete; the connection shows why. */
class SyncFailure extends Error {}
