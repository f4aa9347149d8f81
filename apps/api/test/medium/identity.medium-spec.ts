import { app, ID } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('AppRepository', (world) => {
  it('finds a saved app by its client id, and nothing for an unknown one', async () => {
    const saved = app(ID.appA, { name: 'Acme', clientId: 'acme-client' });
    await world().apps.save(saved);
    expect(await world().apps.findByClientId('acme-client')).toEqual(saved);
    expect(await world().apps.findByClientId('ACME-CLIENT')).toBeNull();
    expect(await world().apps.findByClientId('ghost')).toBeNull();
  });

  it('counts apps; saving an app again replaces it', async () => {
    expect(await world().apps.count()).toBe(0);
    await world().apps.save(app(ID.appA));
    await world().apps.save(app(ID.appB));
    await world().apps.save(app(ID.appA, { name: 'Renamed', clientSecretDigest: 'new-digest' }));
    expect(await world().apps.count()).toBe(2);
    expect(await world().apps.findByClientId('client-a')).toEqual(app(ID.appA, { name: 'Renamed', clientSecretDigest: 'new-digest' }));
  });
});

describeContract('AppRepository (operators)', (world) => {
  it('lists every app oldest first', async () => {
    await world().apps.save(app(ID.appB, { createdAt: new Date('2026-05-02T09:00:00Z') }));
    await world().apps.save(app(ID.appA, { createdAt: new Date('2026-05-01T09:00:00Z') }));
    expect((await world().apps.list()).map((a) => a.id)).toEqual([ID.appA, ID.appB]);
  });

  it('deletes one app and what it owns, leaving the others', async () => {
    await world().apps.save(app(ID.appA));
    await world().apps.save(app(ID.appB));
    await world().adminTokens.save({ digest: 'a-token', appId: ID.appA, expiresAt: new Date('2026-05-02T08:00:00Z') });
    await world().adminTokens.save({ digest: 'b-token', appId: ID.appB, expiresAt: new Date('2026-05-02T08:00:00Z') });
    await world().apps.delete(ID.appA);
    expect(await world().apps.findByClientId('client-a')).toBeNull();
    expect((await world().apps.list()).map((a) => a.id)).toEqual([ID.appB]);
    expect(await world().adminTokens.findByDigest('b-token')).not.toBeNull();
    // The database removes what the app owned (the in-memory twins keep their maps apart).
    const engine = world().engine;
    if (engine) expect(await engine.query('SELECT token_digest FROM admin_token ORDER BY 1')).toEqual([{ token_digest: 'b-token' }]);
  });
});

describeContract('AdminTokenRepository', (world) => {
  const token = (digest: string, expiresAt: string) => ({ digest, appId: ID.appA, expiresAt: new Date(expiresAt) });

  beforeEach(() => world().apps.save(app(ID.appA)));

  it('finds a token by its digest only', async () => {
    await world().adminTokens.save(token('d1', '2026-05-02T08:00:00Z'));
    expect(await world().adminTokens.findByDigest('d1')).toEqual(token('d1', '2026-05-02T08:00:00Z'));
    expect(await world().adminTokens.findByDigest('d2')).toBeNull();
  });

  it('deletes the tokens expired at or before the instant and says how many', async () => {
    await world().adminTokens.save(token('ten', '2026-05-02T10:00:00Z'));
    await world().adminTokens.save(token('eleven', '2026-05-02T11:00:00Z'));
    await world().adminTokens.save(token('noon', '2026-05-02T12:00:00Z'));
    // 10:00 and 11:00 (the boundary is included) go; noon stays.
    expect(await world().adminTokens.deleteExpired(new Date('2026-05-02T11:00:00Z'))).toBe(2);
    expect(await world().adminTokens.findByDigest('ten')).toBeNull();
    expect(await world().adminTokens.findByDigest('eleven')).toBeNull();
    expect(await world().adminTokens.findByDigest('noon')).toEqual(token('noon', '2026-05-02T12:00:00Z'));
    expect(await world().adminTokens.deleteExpired(new Date('2026-05-02T11:59:59Z'))).toBe(0);
  });

  it("deletes every token of one app and says how many, keeping other apps' tokens", async () => {
    await world().apps.save(app(ID.appB));
    await world().adminTokens.save(token('a1', '2026-05-02T10:00:00Z'));
    await world().adminTokens.save(token('a2', '2026-05-02T11:00:00Z'));
    await world().adminTokens.save({ digest: 'b1', appId: ID.appB, expiresAt: new Date('2026-05-02T10:00:00Z') });
    expect(await world().adminTokens.deleteForApp(ID.appA)).toBe(2);
    expect(await world().adminTokens.findByDigest('a1')).toBeNull();
    expect(await world().adminTokens.findByDigest('a2')).toBeNull();
    expect(await world().adminTokens.findByDigest('b1')).not.toBeNull();
    expect(await world().adminTokens.deleteForApp(ID.appA)).toBe(0);
  });
});
