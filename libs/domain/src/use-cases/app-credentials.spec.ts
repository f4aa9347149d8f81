import { identityWorld } from '../../testing';
import { IdentityErrorCode } from '../identity/identity-error';
import { CreateDemoAppUseCase, DEMO_APP_NAME } from './create-demo-app.use-case';
import { EnsureAppUseCase } from './ensure-app.use-case';

describe('apps and administrator bearers', () => {
  it('creates an app whose secret is stored only as a digest', async () => {
    const world = identityWorld();
    const { app, credentials } = await world.createApp.execute({ name: 'Insurer' });
    expect(credentials).toEqual({ clientId: 'client-1', clientSecret: 'secret-2' });
    expect(app.clientSecretDigest).toBe('digest:secret-2');
    expect(JSON.stringify([...world.apps.apps.values()])).not.toContain('"secret-2"');
  });

  it('issues a 24-hour administrator bearer for valid credentials', async () => {
    const world = identityWorld();
    const { app, credentials } = await world.createApp.execute({ name: 'Insurer' });
    const issued = await world.issueAdminToken.execute((await world.authenticateClient.execute(credentials)).id);
    expect(issued.expiresIn).toBe(86400);
    expect(issued.expiresAt).toEqual(new Date('2026-03-02T12:00:00Z'));
    expect(await world.authenticate.execute(issued.accessToken)).toEqual({ kind: 'admin', appId: app.id });
    expect(world.adminTokens.tokens.has(`digest:${issued.accessToken}`)).toBe(true);
  });

  it.each([
    ['a wrong secret', { clientId: 'client-1', clientSecret: 'nope' }],
    ['an unknown client id', { clientId: 'nobody', clientSecret: 'secret-2' }],
  ])('refuses %s', async (_case, credentials) => {
    const world = identityWorld();
    await world.createApp.execute({ name: 'Insurer' });
    await expect(world.authenticateClient.execute(credentials)).rejects.toMatchObject({
      code: IdentityErrorCode.InvalidCredentials,
    });
  });

  it('rejects an administrator bearer once 24 hours have passed, and prunes it at the next issue', async () => {
    const world = identityWorld();
    const { credentials } = await world.createApp.execute({ name: 'Insurer' });
    const issued = await world.issueAdminToken.execute((await world.authenticateClient.execute(credentials)).id);
    world.clock.advance(24 * 3600 * 1000 - 1);
    await expect(world.authenticate.execute(issued.accessToken)).resolves.toMatchObject({ kind: 'admin' });
    world.clock.advance(1);
    await expect(world.authenticate.execute(issued.accessToken)).rejects.toMatchObject({
      code: IdentityErrorCode.InvalidToken,
    });
    await world.issueAdminToken.execute((await world.authenticateClient.execute(credentials)).id);
    expect(world.adminTokens.tokens.size).toBe(1);
  });

  it('rejects an unknown bearer', async () => {
    await expect(identityWorld().authenticate.execute('made-up')).rejects.toMatchObject({
      code: IdentityErrorCode.InvalidToken,
    });
  });

  describe(EnsureAppUseCase.name, () => {
    it('creates the app once, then leaves it alone, and follows a changed secret', async () => {
      const world = identityWorld();
      const sut = new EnsureAppUseCase(world.apps, world.tokens, world.createApp);
      const credentials = { clientId: 'ops-client', clientSecret: 'ops-secret' };
      const first = await sut.execute({ name: 'Ops', credentials });
      const second = await sut.execute({ name: 'Ops', credentials });
      expect(second).toEqual(first);
      expect(world.apps.apps.size).toBe(1);

      const rotated = await sut.execute({ name: 'Ops renamed', credentials: { ...credentials, clientSecret: 'new' } });
      expect(rotated.id).toBe(first.id);
      expect(rotated.name).toBe('Ops renamed');
      await expect(world.authenticateClient.execute(credentials)).rejects.toMatchObject({
        code: IdentityErrorCode.InvalidCredentials,
      });
      await expect(world.authenticateClient.execute({ ...credentials, clientSecret: 'new' })).resolves.toMatchObject({ id: first.id });
    });
  });

  describe(CreateDemoAppUseCase.name, () => {
    it('creates a demo app only when there is no app at all', async () => {
      const world = identityWorld();
      const sut = new CreateDemoAppUseCase(world.apps, world.createApp);
      const created = await sut.execute();
      expect(created?.app.name).toBe(DEMO_APP_NAME);
      expect(await sut.execute()).toBeNull();
      expect(world.apps.apps.size).toBe(1);
    });
  });
});
