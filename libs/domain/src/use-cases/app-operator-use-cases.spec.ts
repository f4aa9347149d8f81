import { identityWorld } from '../../testing';
import { IdentityErrorCode } from '../identity/identity-error';
import { DeleteAppUseCase } from './delete-app.use-case';
import { ListAppsUseCase } from './list-apps.use-case';
import { RotateAppSecretUseCase } from './rotate-app-secret.use-case';

describe("operators' app commands", () => {
  const setUp = async () => {
    const world = identityWorld();
    const insurer = await world.createApp.execute({ name: 'Insurer' });
    return {
      world,
      insurer,
      list: new ListAppsUseCase(world.apps),
      rotate: new RotateAppSecretUseCase(world.apps, world.adminTokens, world.tokens),
      remove: new DeleteAppUseCase(world.apps),
    };
  };

  it('rotates a secret: the new one authenticates, the old one and its admin bearers no longer do', async () => {
    const { world, insurer, rotate } = await setUp();
    // client-1 / secret-2 were handed out at creation; the rotation draws secret-4 (a bearer took 3).
    const issued = await world.issueAdminToken.execute(insurer.app.id);
    const rotated = await rotate.execute({ clientId: 'client-1' });
    expect(rotated).toEqual({ clientId: 'client-1', clientSecret: 'secret-4' });
    expect((await world.authenticateClient.execute(rotated)).id).toBe(insurer.app.id);
    await expect(world.authenticateClient.execute({ clientId: 'client-1', clientSecret: 'secret-2' })).rejects.toMatchObject({
      code: IdentityErrorCode.InvalidCredentials,
    });
    await expect(world.authenticate.execute(issued.accessToken)).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
  });

  it('keeps the admin bearers of other apps when one app rotates', async () => {
    const { world, rotate } = await setUp();
    const club = await world.createApp.execute({ name: 'Club' });
    const clubBearer = await world.issueAdminToken.execute(club.app.id);
    await rotate.execute({ clientId: 'client-1' });
    expect(await world.authenticate.execute(clubBearer.accessToken)).toEqual({ kind: 'admin', appId: club.app.id });
  });

  it('lists apps oldest first, and deletes one by client id', async () => {
    const { world, list, remove } = await setUp();
    world.clock.advance(60_000);
    await world.createApp.execute({ name: 'Club' });
    expect((await list.execute()).map((app) => app.name)).toEqual(['Insurer', 'Club']);
    expect((await remove.execute({ clientId: 'client-1' })).name).toBe('Insurer');
    expect((await list.execute()).map((app) => app.name)).toEqual(['Club']);
  });

  it('refuses an unknown client id with app_not_found, changing nothing', async () => {
    const { list, rotate, remove } = await setUp();
    await expect(rotate.execute({ clientId: 'ghost' })).rejects.toMatchObject({ code: IdentityErrorCode.AppNotFound });
    await expect(remove.execute({ clientId: 'ghost' })).rejects.toMatchObject({ code: IdentityErrorCode.AppNotFound });
    expect((await list.execute()).map((app) => app.name)).toEqual(['Insurer']);
  });
});
