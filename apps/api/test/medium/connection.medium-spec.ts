import { Connection, ConnectionAttempt, newConnection } from '@strive/domain';
import { ID, profile, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

const C1 = 'cc000000-0000-4000-8000-0000000000c1';
const C2 = 'cc000000-0000-4000-8000-0000000000c2';
const C3 = 'cc000000-0000-4000-8000-0000000000c3';
const at = new Date('2026-03-04T10:00:00Z');

function connection(id: string, profileId: string, appId: string, overrides: Partial<Connection> = {}): Connection {
  return { ...newConnection({ id, appId, profileId, source: 'STRAVA' }, at), ...overrides };
}

const live = (overrides: Partial<Connection> = {}): Partial<Connection> => ({
  state: 'connected', vendorUserId: 'athlete-1', sealedGrant: 'v1.sealed', tokenExpiresAt: new Date('2026-03-04T16:00:00Z'), ...overrides,
});

function attempt(stateDigest: string, overrides: Partial<ConnectionAttempt> = {}): ConnectionAttempt {
  return {
    stateDigest, appId: ID.appA, profileId: ID.profile1, source: 'STRAVA', codeVerifier: 'verifier', redirectUri: 'https://strive.test/cb',
    redirect: null, redirectOnError: false, createdAt: at, expiresAt: new Date('2026-03-04T10:10:00Z'), ...overrides,
  };
}

describeContract('ConnectionRepository', (world) => {
  beforeEach(() => seedProfiles(world(), [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA), profile(ID.profile4, ID.appB)]));

  it('saves and finds a connection within its app; saving again replaces its state, tokens and sync bookkeeping', async () => {
    const first = connection(C1, ID.profile1, ID.appA);
    await world().connections.save(first);
    expect(await world().connections.find(ID.appA, ID.profile1, 'STRAVA')).toEqual(first);
    expect(await world().connections.find(ID.appB, ID.profile1, 'STRAVA')).toBeNull();
    expect(await world().connections.findById(ID.appB, C1)).toBeNull();
    const changed = connection(C1, ID.profile1, ID.appA, live({
      syncState: 'synced', lastSyncAt: new Date('2026-03-04T11:00:00Z'), syncedUntil: new Date('2026-03-04T11:00:00Z'), lastError: 'x', updatedAt: new Date('2026-03-04T11:00:00Z'),
    }));
    await world().connections.save(changed);
    expect(await world().connections.findById(ID.appA, C1)).toEqual(changed);
    expect(await world().connections.listForProfile(ID.appA, ID.profile1)).toEqual([changed]);
    expect(await world().connections.listForProfile(ID.appA, ID.profile2)).toEqual([]);
  });

  it('replaces a connection only when it was not saved since it was read', async () => {
    const first = connection(C1, ID.profile1, ID.appA, live());
    await world().connections.save(first);
    const synced = { ...first, syncState: 'synced' as const, updatedAt: new Date('2026-03-04T10:05:00Z') };
    const disconnected = { ...first, state: 'disconnected' as const, sealedGrant: null, updatedAt: new Date('2026-03-04T10:03:00Z') };
    expect(await world().connections.saveIfUnchanged(disconnected, first)).toBe(true);
    // The sync read `first`; the disconnect saved meanwhile wins.
    expect(await world().connections.saveIfUnchanged(synced, first)).toBe(false);
    expect(await world().connections.findById(ID.appA, C1)).toEqual(disconnected);
    expect(await world().connections.saveIfUnchanged(connection(C2, ID.profile2, ID.appA), connection(C2, ID.profile2, ID.appA))).toBe(false);
  });

  it('finds the connections of a vendor account in every app (webhooks)', async () => {
    const a = connection(C1, ID.profile1, ID.appA, live());
    const b = connection(C2, ID.profile4, ID.appB, live());
    const other = connection(C3, ID.profile2, ID.appA, live({ vendorUserId: 'athlete-2' }));
    for (const c of [a, b, other]) await world().connections.save(c);
    const found = await world().connections.listByVendorUser('STRAVA', 'athlete-1');
    expect(found.map((c) => c.id).sort()).toEqual([C1, C2]);
    expect(await world().connections.listByVendorUser('FITBIT', 'athlete-1')).toEqual([]);
  });

  it('lists connections due for sync: with tokens, connected or in error, never or long ago synced, oldest first, bounded', async () => {
    const never = connection(C1, ID.profile1, ID.appA, live());
    const old = connection(C2, ID.profile2, ID.appA, live({ state: 'error', lastSyncAt: new Date('2026-03-04T08:00:00Z') }));
    const recent = connection(C3, ID.profile4, ID.appB, live({ lastSyncAt: new Date('2026-03-04T09:30:00Z') }));
    for (const c of [recent, old, never]) await world().connections.save(c);
    const cutoff = new Date('2026-03-04T09:00:00Z');
    expect((await world().connections.listDueForSync(cutoff, 10)).map((c) => c.id)).toEqual([C1, C2]);
    expect((await world().connections.listDueForSync(cutoff, 1)).map((c) => c.id)).toEqual([C1]);
    await world().connections.save({ ...never, state: 'revoked', sealedGrant: null });
    expect((await world().connections.listDueForSync(cutoff, 10)).map((c) => c.id)).toEqual([C2]);
  });
});

describeContract('ConnectionAttemptRepository', (world) => {
  beforeEach(() => seedProfiles(world()));

  it('hands out an attempt once, only to its own source', async () => {
    await world().connectionAttempts.save(attempt('digest-1', { redirect: 'https://app.test/x', redirectOnError: true }), 10);
    expect(await world().connectionAttempts.consume('digest-1', 'FITBIT')).toBeNull();
    expect(await world().connectionAttempts.consume('digest-1', 'STRAVA')).toEqual(attempt('digest-1', { redirect: 'https://app.test/x', redirectOnError: true }));
    expect(await world().connectionAttempts.consume('digest-1', 'STRAVA')).toBeNull();
    expect(await world().connectionAttempts.consume('unknown', 'STRAVA')).toBeNull();
  });

  it("keeps only the newest attempts of a profile; other profiles' stay", async () => {
    const minute = (n: number) => new Date(Date.UTC(2026, 2, 4, 10, n));
    await world().connectionAttempts.save(attempt('other', { profileId: ID.profile2 }), 2);
    for (const n of [1, 2, 3]) await world().connectionAttempts.save(attempt(`mine-${n}`, { createdAt: minute(n) }), 2);
    expect(await world().connectionAttempts.consume('mine-1', 'STRAVA')).toBeNull();
    expect(await world().connectionAttempts.consume('mine-2', 'STRAVA')).not.toBeNull();
    expect(await world().connectionAttempts.consume('mine-3', 'STRAVA')).not.toBeNull();
    expect(await world().connectionAttempts.consume('other', 'STRAVA')).not.toBeNull();
  });

  it('deletes expired attempts, at most the limit', async () => {
    await world().connectionAttempts.save(attempt('old-1', { expiresAt: new Date('2026-03-04T09:00:00Z') }), 10);
    await world().connectionAttempts.save(attempt('old-2', { expiresAt: new Date('2026-03-04T09:05:00Z') }), 10);
    await world().connectionAttempts.save(attempt('live'), 10);
    const now = new Date('2026-03-04T10:00:00Z');
    expect(await world().connectionAttempts.deleteExpired(now, 1)).toBe(1);
    expect(await world().connectionAttempts.deleteExpired(now, 10)).toBe(1);
    expect(await world().connectionAttempts.consume('live', 'STRAVA')).not.toBeNull();
    expect(await world().connectionAttempts.consume('old-2', 'STRAVA')).toBeNull();
  });
});
