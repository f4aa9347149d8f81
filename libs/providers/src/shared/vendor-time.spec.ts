import { addDays, instantText, localToInstant, offsetToInstant, utcDate, vendorZone, zoneFromName } from './vendor-time';

describe('vendor time helpers', () => {
  it('places a local time in a named zone with the offset of that date (summer time)', () => {
    const amsterdam = vendorZone('Europe/Amsterdam', 3_600_000);
    expect(localToInstant('2026-01-15T08:00:00.000', amsterdam)).toBe('2026-01-15T07:00:00Z');
    expect(localToInstant('2026-07-15T08:00:00.000', amsterdam)).toBe('2026-07-15T06:00:00Z');
    expect(localToInstant('not a time', amsterdam)).toBeNull();
  });

  it('falls back to the fixed offset when the zone is unknown, and keeps it through its name', () => {
    const zone = vendorZone('Nowhere/Else', -18_000_000);
    expect(zone.name).toBe('UTC-5');
    expect(localToInstant('2026-07-15T08:00:00', zoneFromName(zone.name))).toBe('2026-07-15T13:00:00Z');
    expect(zoneFromName('Asia/Tokyo').name).toBe('Asia/Tokyo');
    expect(zoneFromName('garbage').name).toBe('UTC');
  });

  it('reads offsets, formats instants and counts days', () => {
    expect(offsetToInstant('2026-11-20T07:02:11.000-05:00')).toBe('2026-11-20T12:02:11Z');
    expect(offsetToInstant('2026-11-20')).toBe('2026-11-20T00:00:00Z');
    expect(offsetToInstant('yesterday')).toBeNull();
    expect(instantText(Date.UTC(2026, 10, 20, 1, 2, 3, 500))).toBe('2026-11-20T01:02:03.500Z');
    expect(utcDate(new Date('2026-11-20T23:59:59Z'))).toBe('2026-11-20');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
