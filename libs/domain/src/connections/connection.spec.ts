import fc from 'fast-check';
import { ProviderGrant } from '../ports/data-provider';
import { Connection, CONNECTION_STATES, ConnectionMove, ConnectionMoves, ConnectionState, MOVES_FROM, newConnection } from './connection';
import { ConnectionError, ConnectionErrorCode } from './connection-error';

const at = new Date('2026-03-04T10:00:00Z');
const later = new Date('2026-03-04T11:00:00Z');
const grant: ProviderGrant = { accessToken: 'a', refreshToken: 'r', expiresAt: new Date('2026-03-04T16:00:00Z'), scope: null, vendorUserId: 'v-1' };

function inState(state: ConnectionState, overrides: Partial<Connection> = {}): Connection {
  const base = newConnection({ id: 'c-1', appId: 'app-1', profileId: 'profile-1', source: 'STRAVA' }, at);
  const withTokens = state === 'connected' || state === 'error';
  return { ...base, state, vendorUserId: 'v-1', sealedGrant: withTokens ? 'sealed-old' : null, ...overrides };
}

/** Each move with fixed arguments. */
const MOVES: Record<ConnectionMove, (c: Connection) => Connection> = {
  begin: (c) => ConnectionMoves.begin(c, later),
  connect: (c) => ConnectionMoves.connect(c, grant, 'sealed-new', later),
  failAttempt: (c) => ConnectionMoves.failAttempt(c, 'denied', later),
  refreshGrant: (c) => ConnectionMoves.refreshGrant(c, grant, 'sealed-new', later),
  syncSucceeded: (c) => ConnectionMoves.syncSucceeded(c, later, later),
  syncRetrying: (c) => ConnectionMoves.syncRetrying(c, 'wait', later),
  syncFailed: (c) => ConnectionMoves.syncFailed(c, 'bad page', later),
  revoke: (c) => ConnectionMoves.revoke(c, 'refused', later),
  disconnect: (c) => ConnectionMoves.disconnect(c, later),
};

describe('connection state machine', () => {
  it('allows a move exactly from the states of its table row; a refused move throws connection.forbidden_move and changes nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONNECTION_STATES), fc.constantFrom(...(Object.keys(MOVES) as ConnectionMove[])), (state, move) => {
        const before = inState(state);
        const frozen = JSON.stringify(before);
        if (MOVES_FROM[move].includes(state)) {
          expect(() => MOVES[move](before)).not.toThrow();
        } else {
          let thrown: unknown;
          try {
            MOVES[move](before);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(ConnectionError);
          expect((thrown as ConnectionError).code).toBe(ConnectionErrorCode.ForbiddenMove);
        }
        expect(JSON.stringify(before)).toBe(frozen);
      }),
    );
  });

  it('lands where docs/connections.md says', () => {
    // state -> move -> next state (the table of docs/connections.md, row by row).
    const table: [ConnectionState, ConnectionMove, ConnectionState][] = [
      ['disconnected', 'begin', 'pending'], ['revoked', 'begin', 'pending'], ['connected', 'begin', 'connected'], ['error', 'begin', 'error'],
      ['pending', 'connect', 'connected'], ['revoked', 'connect', 'connected'], ['error', 'connect', 'connected'],
      ['pending', 'failAttempt', 'error'], ['connected', 'failAttempt', 'connected'],
      ['connected', 'syncSucceeded', 'connected'], ['error', 'syncSucceeded', 'connected'],
      ['connected', 'syncRetrying', 'connected'], ['connected', 'syncFailed', 'error'],
      ['connected', 'revoke', 'revoked'], ['error', 'revoke', 'revoked'],
      ['pending', 'disconnect', 'disconnected'], ['connected', 'disconnect', 'disconnected'], ['revoked', 'disconnect', 'disconnected'],
    ];
    for (const [from, move, to] of table) expect([from, move, MOVES[move](inState(from)).state]).toEqual([from, move, to]);
  });

  it('drops the tokens when revoked or disconnected, and keeps the reason of a revocation', () => {
    const revoked = ConnectionMoves.revoke(inState('connected'), 'The vendor refused the token refresh: invalid_grant', later);
    expect([revoked.sealedGrant, revoked.tokenExpiresAt, revoked.lastError]).toEqual([null, null, 'The vendor refused the token refresh: invalid_grant']);
    const gone = ConnectionMoves.disconnect(inState('error', { lastError: 'x' }), later);
    expect([gone.sealedGrant, gone.lastError]).toEqual([null, null]);
  });

  it('a reconnect replaces the tokens; another vendor account starts the history again', () => {
    const synced = inState('connected', { syncedUntil: at, syncState: 'synced' });
    const same = ConnectionMoves.connect(synced, grant, 'sealed-new', later);
    expect([same.sealedGrant, same.syncedUntil, same.syncState]).toEqual(['sealed-new', at, 'synced']);
    const other = ConnectionMoves.connect(synced, { ...grant, vendorUserId: 'v-2' }, 'sealed-new', later);
    expect([other.vendorUserId, other.syncedUntil, other.syncState]).toEqual(['v-2', null, 'not_synced']);
  });

  it('rewinds the sync cursor to a notified date, never forward', () => {
    const c = inState('connected', { syncedUntil: new Date('2026-03-04T00:00:00Z') });
    expect(ConnectionMoves.rewind(c, new Date('2026-03-01T00:00:00Z'), later).syncedUntil).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(ConnectionMoves.rewind(c, new Date('2026-03-05T00:00:00Z'), later)).toBe(c);
  });

  it('a sync that ends before the cursor keeps the cursor where it was', () => {
    const ahead = inState('connected', { syncedUntil: new Date('2026-03-05T00:00:00Z') });
    expect(ConnectionMoves.syncSucceeded(ahead, later, later).syncedUntil).toEqual(new Date('2026-03-05T00:00:00Z'));
  });

  it('clips a long error to 500 characters', () => {
    expect(ConnectionMoves.syncFailed(inState('connected'), 'x'.repeat(2000), later).lastError).toHaveLength(500);
  });
});
