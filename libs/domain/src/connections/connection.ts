import { ProviderGrant } from '../ports/data-provider';
import { Source } from '../records/activity-records';
import { ConnectionError, ConnectionErrorCode } from './connection-error';

export const CONNECTION_STATES = ['pending', 'connected', 'error', 'revoked', 'disconnected'] as const;
/** docs/connections.md has the table of states and moves. */
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * How the last sync went: `not_synced` before the first, `synced` after a complete one, `retrying`
 * while the vendor asked to wait (429, 5xx), `failed` when it could not complete (see last_error).
 */
export const SYNC_STATES = ['not_synced', 'synced', 'retrying', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** One profile's link to one vendor. Vendor tokens are kept only sealed (TokenCipher). */
export interface Connection {
  readonly id: string;
  readonly appId: string;
  readonly profileId: string;
  readonly source: Source;
  readonly state: ConnectionState;
  /** The person's id at the vendor: webhooks name it. */
  readonly vendorUserId: string | null;
  /** The ProviderGrant as TokenCipher sealed it; null when there are no tokens (pending, revoked, disconnected). */
  readonly sealedGrant: string | null;
  /** When the access token expires (refreshed before); null: it does not. */
  readonly tokenExpiresAt: Date | null;
  readonly syncState: SyncState;
  readonly lastSyncAt: Date | null;
  /** Data up to here has been read; the next incremental sync starts a little before it. Null: backfill next. */
  readonly syncedUntil: Date | null;
  /** Why the last attempt, sync or refresh failed (no token or vendor body is ever part of it). */
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Longest error text kept on a connection. */
export const MAX_CONNECTION_ERROR_LENGTH = 500;

export type ConnectionMove =
  | 'begin' | 'connect' | 'failAttempt' | 'refreshGrant' | 'syncSucceeded' | 'syncRetrying' | 'syncFailed' | 'revoke' | 'disconnect';

/** The states each move may start from (docs/connections.md). */
export const MOVES_FROM: Readonly<Record<ConnectionMove, readonly ConnectionState[]>> = {
  begin: ['pending', 'connected', 'error', 'revoked', 'disconnected'],
  connect: ['pending', 'connected', 'error', 'revoked', 'disconnected'],
  failAttempt: ['pending', 'connected', 'error', 'revoked', 'disconnected'],
  refreshGrant: ['connected', 'error'],
  syncSucceeded: ['connected', 'error'],
  syncRetrying: ['connected', 'error'],
  syncFailed: ['connected', 'error'],
  revoke: ['connected', 'error'],
  disconnect: ['pending', 'connected', 'error', 'revoked'],
};

/** Whether sync may read the vendor for this connection (it has tokens and nobody withdrew them). */
export function canSync(connection: Connection): boolean {
  return MOVES_FROM.syncSucceeded.includes(connection.state) && connection.sealedGrant !== null;
}

function clip(reason: string): string {
  return reason.length > MAX_CONNECTION_ERROR_LENGTH ? `${reason.slice(0, MAX_CONNECTION_ERROR_LENGTH - 1)}…` : reason;
}

function assertMove(connection: Connection, move: ConnectionMove): void {
  if (!MOVES_FROM[move].includes(connection.state)) {
    throw new ConnectionError(
      ConnectionErrorCode.ForbiddenMove,
      `A ${connection.state} ${connection.source.toLowerCase()} connection cannot ${move}.`,
    );
  }
}

/** A new connection, pending until its first consent comes back. */
export function newConnection(fields: Pick<Connection, 'id' | 'appId' | 'profileId' | 'source'>, at: Date): Connection {
  return {
    ...fields, state: 'pending', vendorUserId: null, sealedGrant: null, tokenExpiresAt: null, syncState: 'not_synced',
    lastSyncAt: null, syncedUntil: null, lastError: null, createdAt: at, updatedAt: at,
  };
}

/**
 * The moves of a connection. Each checks the current state first (a forbidden move throws
 * ConnectionError `connection.forbidden_move` and changes nothing) and answers the next value;
 * connections are immutable.
 */
export const ConnectionMoves = {
  /**
   * The person starts a connect flow. A revoked or disconnected connection becomes pending
   * again; a connected or failing one keeps working until the new consent comes back (reconnect).
   */
  begin(connection: Connection, at: Date): Connection {
    assertMove(connection, 'begin');
    if (connection.state === 'revoked' || connection.state === 'disconnected') {
      return { ...connection, state: 'pending', updatedAt: at };
    }
    return connection;
  },

  /** Consent came back and the code was exchanged: the new tokens replace any old ones. */
  connect(connection: Connection, grant: ProviderGrant, sealedGrant: string, at: Date): Connection {
    assertMove(connection, 'connect');
    // Another vendor account: what was read for the old one says nothing about the new one's history.
    const sameAccount = connection.vendorUserId === grant.vendorUserId;
    return {
      ...connection, state: 'connected', vendorUserId: grant.vendorUserId, sealedGrant, tokenExpiresAt: grant.expiresAt,
      syncedUntil: sameAccount ? connection.syncedUntil : null, syncState: sameAccount ? connection.syncState : 'not_synced',
      lastError: null, updatedAt: at,
    };
  },

  /** Consent was denied or the code exchange failed: a pending connection fails, a working one stays as it was. */
  failAttempt(connection: Connection, reason: string, at: Date): Connection {
    assertMove(connection, 'failAttempt');
    if (connection.state !== 'pending') return connection;
    return { ...connection, state: 'error', lastError: clip(reason), updatedAt: at };
  },

  /** New tokens from a refresh. */
  refreshGrant(connection: Connection, grant: ProviderGrant, sealedGrant: string, at: Date): Connection {
    assertMove(connection, 'refreshGrant');
    return { ...connection, sealedGrant, tokenExpiresAt: grant.expiresAt, updatedAt: at };
  },

  /** A sync read everything up to `until`. */
  syncSucceeded(connection: Connection, until: Date, at: Date): Connection {
    assertMove(connection, 'syncSucceeded');
    const syncedUntil = connection.syncedUntil && connection.syncedUntil.getTime() > until.getTime() ? connection.syncedUntil : until;
    return { ...connection, state: 'connected', syncState: 'synced', lastSyncAt: at, syncedUntil, lastError: null, updatedAt: at };
  },

  /** The vendor asked to wait (429, 5xx): the sync runs again later; the state does not change. */
  syncRetrying(connection: Connection, reason: string, at: Date): Connection {
    assertMove(connection, 'syncRetrying');
    return { ...connection, syncState: 'retrying', lastError: clip(reason), updatedAt: at };
  },

  /** The sync could not complete (the vendor sent what cannot be stored): the connection needs attention. */
  syncFailed(connection: Connection, reason: string, at: Date): Connection {
    assertMove(connection, 'syncFailed');
    return { ...connection, state: 'error', syncState: 'failed', lastError: clip(reason), updatedAt: at };
  },

  /** The vendor withdrew the grant (a refused refresh, a deauthorization): tokens are dropped. */
  revoke(connection: Connection, reason: string, at: Date): Connection {
    assertMove(connection, 'revoke');
    return { ...connection, state: 'revoked', sealedGrant: null, tokenExpiresAt: null, lastError: clip(reason), updatedAt: at };
  },

  /** The person disconnected: tokens are dropped (revoked at the vendor by the use case first). */
  disconnect(connection: Connection, at: Date): Connection {
    assertMove(connection, 'disconnect');
    return { ...connection, state: 'disconnected', sealedGrant: null, tokenExpiresAt: null, lastError: null, updatedAt: at };
  },

  /**
   * A vendor notification says data from `from` on changed: the next sync starts there at the
   * latest (kept on the connection, so notifications absorbed by one waiting sync job are not lost).
   */
  rewind(connection: Connection, from: Date, at: Date): Connection {
    if (connection.syncedUntil === null || connection.syncedUntil.getTime() <= from.getTime()) return connection;
    return { ...connection, syncedUntil: from, updatedAt: at };
  },
};
