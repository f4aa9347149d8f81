import { Device, DevicePlatform, Notification } from '@strive/domain';
import { describeContract } from './support/contract';
import { ID, profile, seedProfiles } from './support/fixtures';

const D = {
  d1: 'd1000000-0000-4000-8000-0000000000d1',
  d2: 'd2000000-0000-4000-8000-0000000000d2',
  d3: 'd3000000-0000-4000-8000-0000000000d3',
  d4: 'd4000000-0000-4000-8000-0000000000d4',
  n1: 'f1000000-0000-4000-8000-0000000000f1',
};

const device = (id: string, profileId: string, token: string, platform: DevicePlatform = 'android', appId: string = ID.appA): Device => ({
  id, appId, profileId, token, platform, registeredAt: new Date('2026-03-01T08:00:00Z'),
});

describeContract('DeviceRepository', (world) => {
  beforeEach(() => seedProfiles(world(), [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA), profile(ID.profile3, ID.appA), profile(ID.profile4, ID.appB)]));

  it('stores a device; the same token again moves it to the new profile and keeps its id', async () => {
    expect(await world().devices.register(device(D.d1, ID.profile1, 'tok-1'), 20)).toEqual(device(D.d1, ID.profile1, 'tok-1'));
    const again = { ...device(D.d2, ID.profile2, 'tok-1', 'web'), registeredAt: new Date('2026-03-02T08:00:00Z') };
    expect(await world().devices.register(again, 20)).toEqual({ ...again, id: D.d1 });
    expect(await world().devices.page(ID.appA, { afterId: null, limit: 10 })).toEqual([{ ...again, id: D.d1 }]);
  });

  it("keeps the registered device and the profile's most recent others, the later id winning a tie", async () => {
    const at = (id: string, token: string, time: string, profileId: string = ID.profile1) => ({ ...device(id, profileId, token), registeredAt: new Date(time) });
    await world().devices.register(at(D.d1, 't1', '2026-03-01T08:00:00Z'), 2);
    await world().devices.register(at(D.d4, 't4', '2026-03-01T09:00:00Z'), 2);
    await world().devices.register(at(D.d3, 'other', '2026-03-01T07:00:00Z', ID.profile2), 2);
    // A third device of profile 1 at 09:00: d1 (08:00) goes; d4 and d2 tie at 09:00 and both stay.
    await world().devices.register(at(D.d2, 't2', '2026-03-01T09:00:00Z'), 2);
    expect((await world().devices.page(ID.appA, { afterId: null, limit: 10 })).map((d) => d.id)).toEqual([D.d2, D.d3, D.d4]);
    // A fourth at the same instant: the new d1 stays; of d2 and d4 (both 09:00), the later id.
    await world().devices.register(at(D.d1, 't1-new', '2026-03-01T09:00:00Z'), 2);
    expect((await world().devices.page(ID.appA, { afterId: null, limit: 10 })).map((d) => d.id)).toEqual([D.d1, D.d3, D.d4]);
  });

  it('keeps the same token of two apps apart', async () => {
    await world().devices.register(device(D.d1, ID.profile1, 'tok-1'), 20);
    await world().devices.register(device(D.d2, ID.profile4, 'tok-1', 'android', ID.appB), 20);
    expect((await world().devices.page(ID.appA, { afterId: null, limit: 10 })).map((d) => d.id)).toEqual([D.d1]);
    expect((await world().devices.page(ID.appB, { afterId: null, limit: 10 })).map((d) => d.id)).toEqual([D.d2]);
  });

  it('pages in id order after a device, optionally only of some profiles', async () => {
    for (const d of [device(D.d3, ID.profile3, 't3'), device(D.d1, ID.profile1, 't1'), device(D.d4, ID.profile1, 't4', 'ios'), device(D.d2, ID.profile2, 't2')]) {
      await world().devices.register(d, 20);
    }
    expect((await world().devices.page(ID.appA, { afterId: null, limit: 2 })).map((d) => d.id)).toEqual([D.d1, D.d2]);
    expect((await world().devices.page(ID.appA, { afterId: D.d2, limit: 2 })).map((d) => d.id)).toEqual([D.d3, D.d4]);
    expect(await world().devices.page(ID.appA, { afterId: D.d4, limit: 2 })).toEqual([]);
    expect((await world().devices.page(ID.appA, { profileIds: [ID.profile1, ID.profile3], afterId: D.d1, limit: 10 })).map((d) => d.id)).toEqual([D.d3, D.d4]);
  });

  it("removes a token only from its own profile, and unregistered tokens of one app only", async () => {
    await world().devices.register(device(D.d1, ID.profile1, 't1'), 20);
    await world().devices.register(device(D.d2, ID.profile2, 't2'), 20);
    await world().devices.register(device(D.d3, ID.profile4, 't1', 'android', ID.appB), 20);
    expect(await world().devices.remove(ID.appA, ID.profile2, 't1')).toBe(false);
    expect(await world().devices.remove(ID.appA, ID.profile1, 't1')).toBe(true);
    expect(await world().devices.remove(ID.appA, ID.profile1, 't1')).toBe(false);
    expect(await world().devices.removeTokens(ID.appA, ['t2', 't2', 'unknown'])).toBe(1);
    expect(await world().devices.page(ID.appA, { afterId: null, limit: 10 })).toEqual([]);
    expect((await world().devices.page(ID.appB, { afterId: null, limit: 10 })).map((d) => d.token)).toEqual(['t1']);
  });

  it('deletes the devices of a deleted profile (the database cascades)', async () => {
    if (!world().engine) return; // in memory, profiles and devices are separate maps
    await world().devices.register(device(D.d1, ID.profile1, 't1'), 20);
    await world().profiles.delete(ID.appA, ID.profile1);
    expect(await world().devices.page(ID.appA, { afterId: null, limit: 10 })).toEqual([]);
  });

  it("finds which of the ids are the app's profiles", async () => {
    const found = await world().profiles.findExistingIds(ID.appA, [ID.profile2, ID.profile4, 'f9000000-0000-4000-8000-0000000000f9', ID.profile1]);
    expect([...found].sort()).toEqual([ID.profile1, ID.profile2]);
  });
});

describeContract('NotificationRepository', (world) => {
  const queued: Notification = {
    id: D.n1, appId: ID.appA, content: { title: 'Hi', body: 'there', data: { k: 'v' }, image: 'https://cdn.example.com/a.png' },
    target: { kind: 'profiles', profileIds: [ID.profile2, ID.profile1] }, status: 'queued', counts: { devices: 0, sent: 0, failed: 0, unregistered: 0 },
    lastDeviceId: null, createdAt: new Date('2026-03-01T08:00:00Z'), finishedAt: null,
  };

  beforeEach(async () => {
    await seedProfiles(world());
    await world().notifications.create(queued);
  });

  it('reads a notification back within its app only', async () => {
    expect(await world().notifications.findById(ID.appA, D.n1)).toEqual(queued);
    expect(await world().notifications.findById(ID.appB, D.n1)).toBeNull();
    await world().notifications.create({ ...queued, id: D.d1, target: { kind: 'all' }, content: { title: 'All', body: '', data: {}, image: null } });
    expect(await world().notifications.findById(ID.appA, D.d1)).toMatchObject({ target: { kind: 'all' }, content: { image: null, data: {} } });
  });

  it('records a batch only from the progress it started at, adding its counts', async () => {
    const counts = { devices: 3, sent: 1, failed: 1, unregistered: 1 };
    expect(await world().notifications.recordBatch(ID.appA, D.n1, { after: null, lastDeviceId: D.d2, counts })).toBe(true);
    // A second run that started from the same progress: refused, nothing added.
    expect(await world().notifications.recordBatch(ID.appA, D.n1, { after: null, lastDeviceId: D.d2, counts })).toBe(false);
    expect(await world().notifications.recordBatch(ID.appA, D.n1, { after: D.d2, lastDeviceId: D.d4, counts: { devices: 2, sent: 2, failed: 0, unregistered: 0 } })).toBe(true);
    expect(await world().notifications.findById(ID.appA, D.n1)).toEqual({ ...queued, status: 'sending', lastDeviceId: D.d4, counts: { devices: 5, sent: 3, failed: 1, unregistered: 1 } });
    expect(await world().notifications.recordBatch(ID.appB, D.n1, { after: D.d4, lastDeviceId: D.d3, counts })).toBe(false);
  });

  it('finishes a notification', async () => {
    await world().notifications.finish(ID.appA, D.n1, new Date('2026-03-01T08:05:00Z'));
    expect(await world().notifications.findById(ID.appA, D.n1)).toEqual({ ...queued, status: 'sent', finishedAt: new Date('2026-03-01T08:05:00Z') });
  });
});
