import { Device } from '../notifications/device';

export interface DevicePageQuery {
  /** Only devices of these profiles; every device of the app when omitted. */
  readonly profileIds?: readonly string[];
  /** Devices with an id after this one (id order); from the first when null. */
  readonly afterId: string | null;
  readonly limit: number;
}

/** Registered push tokens, one per (app, token). */
export interface DeviceRepository {
  /**
   * Stores the device; a token the app already has moves to this device's profile and platform
   * (keeping its id). Then the profile keeps only this device and its `keepPerProfile - 1` most
   * recently registered others (ties: the later id stays). Atomic. Answers the stored device.
   */
  register(device: Device, keepPerProfile: number): Promise<Device>;
  /** Removes the token from that profile; false when the profile has no such token. */
  remove(appId: string, profileId: string, token: string): Promise<boolean>;
  /** A page of devices in id order (the fan-out's batches). */
  page(appId: string, query: DevicePageQuery): Promise<Device[]>;
  /** Removes these tokens of the app (the push service reported them unregistered); answers how many went. */
  removeTokens(appId: string, tokens: readonly string[]): Promise<number>;
}
