import { aProfile } from '../../testing/gamification-world';
import { ScriptedPushSender } from '../../testing/scripted-push-sender';
import { writeWorld } from '../../testing/write-world';
import { IdentityErrorCode } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { Device, DevicePlatform } from '../notifications/device';
import { NotificationErrorCode } from '../notifications/notification-error';
import { FanOutNotificationUseCase } from './fan-out-notification.use-case';
import { GetNotificationUseCase } from './get-notification.use-case';
import { RegisterDeviceUseCase } from './register-device.use-case';
import { RemoveDeviceUseCase } from './remove-device.use-case';
import { SendNotificationToAllUseCase } from './send-notification-to-all.use-case';
import { SendNotificationToProfilesUseCase } from './send-notification-to-profiles.use-case';

const ADMIN: Principal = { kind: 'admin', appId: 'app-1' };
const asProfile = (profileId: string): Principal => ({ kind: 'profile', appId: 'app-1', profileId });
const hex = (n: number) => n.toString(16).padStart(64, '0');

function world(batchSize = 2) {
  const w = writeWorld({ profiles: [aProfile({ id: 'p1' }), aProfile({ id: 'p2' }), aProfile({ id: 'p3' }), aProfile({ id: 'other', appId: 'app-2' })] });
  const sender = new ScriptedPushSender();
  return {
    ...w,
    sender,
    register: new RegisterDeviceUseCase(w.profiles, w.devices, w.ids, w.clock),
    remove: new RemoveDeviceUseCase(w.profiles, w.devices),
    sendToAll: new SendNotificationToAllUseCase(w.unitOfWork, w.ids, w.clock),
    sendToProfiles: new SendNotificationToProfilesUseCase(w.unitOfWork, w.ids, w.clock),
    get: new GetNotificationUseCase(w.notifications),
    fanOut: new FanOutNotificationUseCase(w.notifications, w.devices, w.unitOfWork, sender, w.clock, batchSize),
  };
}

/** A device stored directly, with a chosen id (the fan-out's order). */
const device = (id: string, profileId: string, token: string, platform: DevicePlatform = 'android', appId = 'app-1'): Device => ({
  id, appId, profileId, token, platform, registeredAt: new Date('2026-03-01T00:00:00Z'),
});

describe(RegisterDeviceUseCase.name, () => {
  it("registers a token for the profile's own bearer and for the administrator", async () => {
    const w = world();
    const own = await w.register.execute({ principal: asProfile('p1'), profileId: 'p1', token: hex(1), platform: 'ios' });
    expect(own).toEqual({ id: '00000000-0000-4000-8000-000000000001', appId: 'app-1', profileId: 'p1', token: hex(1), platform: 'ios', registeredAt: new Date('2026-03-04T10:00:00Z') });
    await w.register.execute({ principal: ADMIN, profileId: 'p2', token: 'fcm-2', platform: 'web' });
    expect(w.devices.devices.size).toBe(2);
  });

  it('moves a token registered again to the new profile, keeping one device', async () => {
    const w = world();
    const first = await w.register.execute({ principal: asProfile('p1'), profileId: 'p1', token: 'fcm-1', platform: 'android' });
    w.clock.advance(60_000);
    const moved = await w.register.execute({ principal: asProfile('p2'), profileId: 'p2', token: 'fcm-1', platform: 'web' });
    expect(moved).toEqual({ ...first, profileId: 'p2', platform: 'web', registeredAt: new Date('2026-03-04T10:01:00Z') });
    expect([...w.devices.devices.values()]).toEqual([moved]);
  });

  it('keeps the 20 most recent registrations of a profile: the 21st drops the oldest', async () => {
    const w = world();
    for (let i = 1; i <= 21; i++) {
      await w.register.execute({ principal: asProfile('p1'), profileId: 'p1', token: `fcm-${i}`, platform: 'android' });
      w.clock.advance(1000);
    }
    const tokens = [...w.devices.devices.values()].map((d) => d.token);
    expect(tokens).toHaveLength(20);
    expect(tokens).not.toContain('fcm-1');
    expect(tokens).toContain('fcm-21');
  });

  it("refuses another profile's bearer (403) and another app's profile (404), registering nothing", async () => {
    const w = world();
    await expect(w.register.execute({ principal: asProfile('p2'), profileId: 'p1', token: 'fcm-1', platform: 'android' })).rejects.toMatchObject({ code: IdentityErrorCode.NotOwnProfile });
    await expect(w.register.execute({ principal: ADMIN, profileId: 'other', token: 'fcm-1', platform: 'android' })).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
    await expect(w.register.execute({ principal: ADMIN, profileId: 'p1', token: 'fcm-1', platform: 'blackberry' })).rejects.toMatchObject({ code: NotificationErrorCode.InvalidDevice, field: 'platform' });
    expect(w.devices.devices.size).toBe(0);
  });
});

describe(RemoveDeviceUseCase.name, () => {
  it("removes the profile's token; a token of another profile or none is not found", async () => {
    const w = world();
    await w.devices.register(device('d1', 'p1', 'fcm-1'), 20);
    await w.devices.register(device('d2', 'p2', 'fcm-2'), 20);
    await expect(w.remove.execute({ principal: ADMIN, profileId: 'p1', token: 'fcm-2' })).rejects.toMatchObject({ code: NotificationErrorCode.DeviceNotFound });
    await expect(w.remove.execute({ principal: asProfile('p1'), profileId: 'p1', token: 'nope' })).rejects.toMatchObject({ code: NotificationErrorCode.DeviceNotFound });
    await w.remove.execute({ principal: asProfile('p1'), profileId: 'p1', token: 'fcm-1' });
    expect([...w.devices.devices.values()].map((d) => d.id)).toEqual(['d2']);
  });
});

describe('sending', () => {
  it('send_to_all stores a queued notification and its fan-out job, and sends nothing itself', async () => {
    const w = world();
    await w.devices.register(device('d1', 'p1', 'fcm-1'), 20);
    const notification = await w.sendToAll.execute({ appId: 'app-1', title: 'Hello', body: 'World' });
    expect(notification).toMatchObject({ status: 'queued', target: { kind: 'all' }, counts: { devices: 0, sent: 0, failed: 0, unregistered: 0 } });
    expect(await w.get.execute({ appId: 'app-1', notificationId: notification.id })).toEqual(notification);
    expect(w.jobs.pending).toEqual([{ type: 'notification.fan_out', appId: 'app-1', notificationId: notification.id }]);
    expect(w.sender.batches).toEqual([]);
  });

  it("send_to_profiles refuses profiles outside the app, naming each, and stores nothing", async () => {
    const w = world();
    const refused = w.sendToProfiles.execute({ appId: 'app-1', title: 'Hi', profileIds: ['p1', 'other', 'ghost'] });
    await expect(refused).rejects.toMatchObject({ code: NotificationErrorCode.UnknownProfiles, message: 'Not profiles of this app: other, ghost. Nothing was sent.' });
    expect(w.notifications.notifications.size).toBe(0);
    expect(w.jobs.pending).toEqual([]);
  });

  it("another app's notification is not found", async () => {
    const w = world();
    const notification = await w.sendToAll.execute({ appId: 'app-1', title: 'Hello' });
    await expect(w.get.execute({ appId: 'app-2', notificationId: notification.id })).rejects.toMatchObject({ code: NotificationErrorCode.NotificationNotFound });
  });
});

describe(FanOutNotificationUseCase.name, () => {
  it('sends every device of the app in batches, one call per platform, and records the counts', async () => {
    const w = world(2);
    await w.devices.register(device('d1', 'p1', hex(1), 'ios'), 20);
    await w.devices.register(device('d2', 'p1', 'fcm-2', 'android'), 20);
    await w.devices.register(device('d3', 'p2', 'fcm-3', 'web'), 20);
    await w.devices.register(device('d4', 'p3', 'fcm-4', 'android'), 20);
    await w.devices.register(device('d5', 'other', 'fcm-5', 'android', 'app-2'), 20);
    const notification = await w.sendToAll.execute({ appId: 'app-1', title: 'Hello' });
    w.clock.advance(5_000);
    const counts = await w.fanOut.execute({ appId: 'app-1', notificationId: notification.id });
    // Batch 1: d1 (ios), d2 (android); batch 2: d3 (web), d4 (android).
    expect(w.sender.batches.map((b) => [b.platform, b.tokens])).toEqual([['ios', [hex(1)]], ['android', ['fcm-2']], ['android', ['fcm-4']], ['web', ['fcm-3']]]);
    expect(w.sender.batches[0].message).toEqual({ appId: 'app-1', notificationId: notification.id, content: { title: 'Hello', body: '', data: {}, image: null } });
    expect(counts).toEqual({ devices: 4, sent: 4, failed: 0, unregistered: 0 });
    expect(await w.get.execute({ appId: 'app-1', notificationId: notification.id })).toMatchObject({
      status: 'sent', counts, lastDeviceId: 'd4', finishedAt: new Date('2026-03-04T10:00:05Z'),
    });
  });

  it("sends only to the listed profiles' devices", async () => {
    const w = world(10);
    await w.devices.register(device('d1', 'p1', 'fcm-1'), 20);
    await w.devices.register(device('d2', 'p2', 'fcm-2'), 20);
    await w.devices.register(device('d3', 'p3', 'fcm-3'), 20);
    const notification = await w.sendToProfiles.execute({ appId: 'app-1', title: 'Hi', profileIds: ['p3', 'p1'] });
    await w.fanOut.execute({ appId: 'app-1', notificationId: notification.id });
    expect(w.sender.batches.map((b) => b.tokens)).toEqual([['fcm-1', 'fcm-3']]);
  });

  it('removes the devices whose tokens the service reports unregistered, and counts failures apart', async () => {
    const w = world(10);
    await w.devices.register(device('d1', 'p1', 'fcm-1'), 20);
    await w.devices.register(device('d2', 'p2', 'fcm-gone'), 20);
    await w.devices.register(device('d3', 'p3', 'fcm-bad'), 20);
    w.sender.unregistered.add('fcm-gone');
    w.sender.refused.add('fcm-bad');
    const notification = await w.sendToAll.execute({ appId: 'app-1', title: 'Hello' });
    expect(await w.fanOut.execute({ appId: 'app-1', notificationId: notification.id })).toEqual({ devices: 3, sent: 1, failed: 1, unregistered: 1 });
    expect([...w.devices.devices.values()].map((d) => d.token)).toEqual(['fcm-1', 'fcm-bad']);
  });

  it('resumes after the last recorded batch when retried: a batch already sent is not sent again', async () => {
    const w = world(2);
    for (const [id, token] of [['d1', 't1'], ['d2', 't2'], ['d3', 't3'], ['d4', 't4'], ['d5', 't5']]) await w.devices.register(device(id, 'p1', token), 20);
    const notification = await w.sendToAll.execute({ appId: 'app-1', title: 'Hello' });
    // The first batch goes out; the service is down for the second: the job fails.
    let calls = 0;
    const flaky = new FanOutNotificationUseCase(w.notifications, w.devices, w.unitOfWork, {
      send: (platform, tokens, message) => (++calls === 2 ? Promise.reject(new Error('down')) : w.sender.send(platform, tokens, message)),
    }, w.clock, 2);
    await expect(flaky.execute({ appId: 'app-1', notificationId: notification.id })).rejects.toThrow('down');
    expect(await w.get.execute({ appId: 'app-1', notificationId: notification.id })).toMatchObject({ status: 'sending', lastDeviceId: 'd2', counts: { devices: 2, sent: 2 } });
    // The retry sends batches 2 and 3 only.
    expect(await w.fanOut.execute({ appId: 'app-1', notificationId: notification.id })).toEqual({ devices: 5, sent: 5, failed: 0, unregistered: 0 });
    expect(w.sender.batches.map((b) => b.tokens)).toEqual([['t1', 't2'], ['t3', 't4'], ['t5']]);
    // A finished notification sends nothing more.
    await w.fanOut.execute({ appId: 'app-1', notificationId: notification.id });
    expect(w.sender.batches).toHaveLength(3);
  });

  it('stops when another run recorded the batch first', async () => {
    const w = world(2);
    await w.devices.register(device('d1', 'p1', 't1'), 20);
    await w.devices.register(device('d2', 'p1', 't2'), 20);
    await w.devices.register(device('d3', 'p1', 't3'), 20);
    const notification = await w.sendToAll.execute({ appId: 'app-1', title: 'Hello' });
    // Another worker records the first batch while this run is sending it.
    const racing = new FanOutNotificationUseCase(w.notifications, w.devices, w.unitOfWork, {
      send: async (platform, tokens, message) => {
        await w.notifications.recordBatch('app-1', notification.id, { after: null, lastDeviceId: 'd2', counts: { devices: 2, sent: 2, failed: 0, unregistered: 0 } });
        return w.sender.send(platform, tokens, message);
      },
    }, w.clock, 2);
    await racing.execute({ appId: 'app-1', notificationId: notification.id });
    expect(w.sender.batches.map((b) => b.tokens)).toEqual([['t1', 't2']]);
    expect(await w.get.execute({ appId: 'app-1', notificationId: notification.id })).toMatchObject({ status: 'sending', lastDeviceId: 'd2', counts: { devices: 2 } });
  });

  it('does nothing for a notification that no longer exists (deleted with its app)', async () => {
    const w = world();
    await w.devices.register(device('d1', 'p1', 't1'), 20);
    const sut = new FanOutNotificationUseCase(w.notifications, w.devices, w.unitOfWork, w.sender, w.clock);
    expect(await sut.execute({ appId: 'app-1', notificationId: 'gone' })).toEqual({ devices: 0, sent: 0, failed: 0, unregistered: 0 });
    expect(w.sender.batches).toEqual([]);
  });

  it('finishes a notification with no device at once', async () => {
    const w = world();
    const notification = await w.sendToAll.execute({ appId: 'app-1', title: 'Hello' });
    expect(await w.fanOut.execute({ appId: 'app-1', notificationId: notification.id })).toEqual({ devices: 0, sent: 0, failed: 0, unregistered: 0 });
    expect((await w.get.execute({ appId: 'app-1', notificationId: notification.id })).status).toBe('sent');
  });
});
