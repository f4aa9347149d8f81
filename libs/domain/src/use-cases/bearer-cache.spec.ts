import { identityWorld } from '../../testing';
import { IdentityErrorCode } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { PrincipalCache } from '../identity/principal-cache';
import { AuthenticateBearerUseCase } from './authenticate-bearer.use-case';
import { DeleteProfileUseCase } from './delete-profile.use-case';
import { GetProfileUseCase } from './get-profile.use-case';

const TTL_MS = 30_000;

async function setup(ttlMs = TTL_MS, maxEntries?: number, revocationsHeard?: () => boolean) {
  const world = identityWorld();
  const cache = new PrincipalCache(ttlMs, maxEntries, revocationsHeard);
  const authenticate = new AuthenticateBearerUseCase(world.adminTokens, world.profiles, world.tokens, world.clock, cache);
  const { app, credentials } = await world.createApp.execute({ name: 'Insurer' });
  const admin = await world.issueAdminToken.execute((await world.authenticateClient.execute(credentials)).id);
  const ann = await world.createProfile.execute({ appId: app.id, fields: { name: 'Ann', gender: null, reference: '' } });
  const bob = await world.createProfile.execute({ appId: app.id, fields: { name: 'Bob', gender: null, reference: '' } });
  const remove = new DeleteProfileUseCase(world.profiles, new GetProfileUseCase(world.profiles), cache);
  // Counts the lookups that reach the repositories (each starts with the profiles).
  let lookups = 0;
  // What happens elsewhere while a lookup reads the database (another process's revocation).
  let duringLookup = () => {};
  const profileFind = world.profiles.findByBearerDigest.bind(world.profiles);
  world.profiles.findByBearerDigest = (digest: string) => {
    lookups += 1;
    duringLookup();
    return profileFind(digest);
  };
  const setDuringLookup = (action: () => void) => (duringLookup = action);
  return { world, cache, authenticate, app, admin, ann, bob, remove, lookups: () => lookups, setDuringLookup };
}

describe('bearer cache', () => {
  it('reuses a successful lookup for the TTL, then looks the bearer up again', async () => {
    const s = await setup();
    const principal: Principal = { kind: 'profile', appId: s.app.id, profileId: s.ann.profile.id };
    await expect(s.authenticate.execute(s.ann.bearer)).resolves.toEqual(principal);
    await expect(s.authenticate.execute(s.ann.bearer)).resolves.toEqual(principal);
    expect(s.lookups()).toBe(1);
    s.world.clock.advance(TTL_MS);
    await expect(s.authenticate.execute(s.ann.bearer)).resolves.toEqual(principal);
    expect(s.lookups()).toBe(2);
  });

  it('answers a cached bearer without waiting, and nothing for one not looked up yet', async () => {
    const s = await setup(48 * 3600 * 1000);
    expect(s.authenticate.cached(s.ann.bearer)).toBeNull();
    await s.authenticate.execute(s.ann.bearer);
    expect(s.authenticate.cached(s.ann.bearer)).toEqual({ kind: 'profile', appId: s.app.id, profileId: s.ann.profile.id });
    expect(s.authenticate.cached(s.bob.bearer)).toBeNull();
    await s.authenticate.execute(s.admin.accessToken);
    s.world.clock.advance(24 * 3600 * 1000);
    // At its expiry a cached administrator bearer is refused here too, and forgotten.
    expect(() => s.authenticate.cached(s.admin.accessToken)).toThrow(expect.objectContaining({ code: IdentityErrorCode.InvalidToken }));
    expect(s.authenticate.cached(s.admin.accessToken)).toBeNull();
    expect(s.lookups()).toBe(2);
  });

  it('still refuses an administrator bearer at its expiry, even when cached', async () => {
    const s = await setup(48 * 3600 * 1000);
    await expect(s.authenticate.execute(s.admin.accessToken)).resolves.toEqual({ kind: 'admin', appId: s.app.id });
    s.world.clock.advance(24 * 3600 * 1000 - 1);
    await expect(s.authenticate.execute(s.admin.accessToken)).resolves.toEqual({ kind: 'admin', appId: s.app.id });
    expect(s.lookups()).toBe(1);
    s.world.clock.advance(1);
    await expect(s.authenticate.execute(s.admin.accessToken)).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
    // The expired entry is gone: the next use looks it up (and is refused) again.
    await expect(s.authenticate.execute(s.admin.accessToken)).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
    expect(s.lookups()).toBe(2);
    expect(s.cache.size).toBe(0);
  });

  it("refuses a deleted profile's bearer at once in the deleting process; other profiles stay cached", async () => {
    const s = await setup();
    await s.authenticate.execute(s.ann.bearer);
    await s.authenticate.execute(s.bob.bearer);
    await s.authenticate.execute(s.admin.accessToken);
    expect(s.cache.size).toBe(3);
    await s.remove.execute({ kind: 'admin', appId: s.app.id }, s.ann.profile.id);
    expect(s.cache.size).toBe(2);
    await expect(s.authenticate.execute(s.ann.bearer)).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
    await expect(s.authenticate.execute(s.bob.bearer)).resolves.toMatchObject({ profileId: s.bob.profile.id });
  });

  it('does not keep unknown bearers, and keeps nothing with a TTL of 0', async () => {
    const s = await setup(0);
    await expect(s.authenticate.execute('made-up')).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
    await s.authenticate.execute(s.ann.bearer);
    await s.authenticate.execute(s.ann.bearer);
    expect(s.cache.size).toBe(0);
  });

  it('drops the oldest entries beyond its size', async () => {
    const s = await setup(TTL_MS, 2);
    await s.authenticate.execute(s.admin.accessToken);
    await s.authenticate.execute(s.ann.bearer);
    await s.authenticate.execute(s.bob.bearer);
    await s.authenticate.execute(s.bob.bearer);
    expect(s.cache.size).toBe(2);
    const before = s.lookups();
    await s.authenticate.execute(s.admin.accessToken);
    expect(s.lookups()).toBe(before + 1);
  });

  it('deletes without a cache as before', async () => {
    const s = await setup();
    const remove = new DeleteProfileUseCase(s.world.profiles, new GetProfileUseCase(s.world.profiles));
    await remove.execute({ kind: 'admin', appId: s.app.id }, s.bob.profile.id);
    await expect(s.authenticate.execute(s.bob.bearer)).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
  });

  describe('while revocations are heard', () => {
    let heard = true;
    const revocationsHeard = () => heard;
    beforeEach(() => (heard = true));

    it('keeps a lookup past the TTL until its bearer is revoked; other bearers stay', async () => {
      const s = await setup(TTL_MS, undefined, revocationsHeard);
      await s.authenticate.execute(s.ann.bearer);
      await s.authenticate.execute(s.bob.bearer);
      s.world.clock.advance(10 * TTL_MS);
      await expect(s.authenticate.execute(s.ann.bearer)).resolves.toMatchObject({ profileId: s.ann.profile.id });
      expect(s.lookups()).toBe(2);
      // Another process deleted Ann: her digest is heard, her bearer looked up again (and refused).
      await s.world.profiles.delete(s.app.id, s.ann.profile.id);
      s.cache.revoke(s.world.tokens.digest(s.ann.bearer));
      await expect(s.authenticate.execute(s.ann.bearer)).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
      await expect(s.authenticate.execute(s.bob.bearer)).resolves.toMatchObject({ profileId: s.bob.profile.id });
      expect(s.lookups()).toBe(3);
    });

    it('falls back to the TTL while revocations are not heard, and forgets everything on clear', async () => {
      const s = await setup(TTL_MS, undefined, revocationsHeard);
      await s.authenticate.execute(s.ann.bearer);
      await s.authenticate.execute(s.bob.bearer);
      heard = false;
      s.world.clock.advance(TTL_MS);
      await s.authenticate.execute(s.ann.bearer);
      expect(s.lookups()).toBe(3);
      heard = true;
      s.cache.clear();
      expect(s.cache.size).toBe(0);
      await s.authenticate.execute(s.ann.bearer);
      expect(s.lookups()).toBe(4);
    });

    it('does not keep a lookup during which a revocation was heard (it may have read a revoked bearer)', async () => {
      const s = await setup(TTL_MS, undefined, revocationsHeard);
      s.setDuringLookup(() => s.cache.revoke('digest:of-some-bearer'));
      await s.authenticate.execute(s.ann.bearer);
      expect(s.cache.size).toBe(0);
      s.setDuringLookup(() => {});
      await s.authenticate.execute(s.ann.bearer);
      await s.authenticate.execute(s.ann.bearer);
      expect(s.lookups()).toBe(2);
      expect(s.cache.size).toBe(1);
    });
  });
});
