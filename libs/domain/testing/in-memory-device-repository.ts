import { Device } from '../src/notifications/device';
import { DevicePageQuery, DeviceRepository } from '../src/ports/device-repository';

/** Devices keyed by (app, token), as the table's unique index keys them. */
export class InMemoryDeviceRepository implements DeviceRepository {
  readonly devices = new Map<string, Device>();

  async register(device: Device, keepPerProfile: number): Promise<Device> {
    const key = `${device.appId}:${device.token}`;
    const existing = this.devices.get(key);
    const stored = existing ? { ...device, id: existing.id } : device;
    this.devices.set(key, stored);
    const newestFirst = [...this.devices.values()]
      .filter((d) => d.appId === device.appId && d.profileId === device.profileId && d.id !== stored.id)
      .sort((a, b) => b.registeredAt.getTime() - a.registeredAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    for (const dropped of newestFirst.slice(keepPerProfile - 1)) this.devices.delete(`${dropped.appId}:${dropped.token}`);
    return stored;
  }

  async remove(appId: string, profileId: string, token: string): Promise<boolean> {
    const key = `${appId}:${token}`;
    if (this.devices.get(key)?.profileId !== profileId) return false;
    return this.devices.delete(key);
  }

  async page(appId: string, query: DevicePageQuery): Promise<Device[]> {
    const profiles = query.profileIds && new Set(query.profileIds);
    return [...this.devices.values()]
      .filter((d) => d.appId === appId && (!profiles || profiles.has(d.profileId)) && (query.afterId === null || d.id > query.afterId))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, query.limit);
  }

  async removeTokens(appId: string, tokens: readonly string[]): Promise<number> {
    let removed = 0;
    for (const token of new Set(tokens)) if (this.devices.delete(`${appId}:${token}`)) removed++;
    return removed;
  }
}
