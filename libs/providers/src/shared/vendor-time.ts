import { DateTime, FixedOffsetZone, IANAZone, Zone } from 'luxon';

/**
 * Vendors report times in the person's local time, often without a zone (Fitbit sleep and
 * weight logs, "2026-11-20T00:16:30.000"); Strive stores instants with a zone. These helpers
 * place such local times in the person's zone, named (IANA, so summer time is right on every
 * date) or, failing that, as a fixed offset.
 */
export function vendorZone(timezone: string | null | undefined, offsetFromUtcMillis?: number | null): Zone {
  if (timezone && IANAZone.isValidZone(timezone)) return IANAZone.create(timezone);
  return FixedOffsetZone.instance(Math.round((offsetFromUtcMillis ?? 0) / 60_000));
}

/** A zone from its name (`zone.name`: IANA or a fixed offset such as UTC+2); an unknown name is UTC. */
export function zoneFromName(name: string): Zone {
  const zone = IANAZone.isValidZone(name) ? IANAZone.create(name) : FixedOffsetZone.parseSpecifier(name);
  return zone ?? FixedOffsetZone.utcInstance;
}

/** A local date-time without offset ("2026-11-20T00:16:30.000") placed in `zone`, as UTC ISO text; null when unreadable. */
export function localToInstant(local: string, zone: Zone): string | null {
  const at = DateTime.fromISO(local, { zone });
  return at.isValid ? at.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** Epoch milliseconds as UTC ISO text (no .000 when whole seconds). */
export function instantText(epochMs: number): string {
  return DateTime.fromMillis(epochMs, { zone: 'utc' }).toISO({ suppressMilliseconds: true }) as string;
}

/** An ISO date-time with an offset ("2026-11-20T07:02:11-05:00", "...Z") as UTC ISO text; null when unreadable. */
export function offsetToInstant(text: string): string | null {
  const at = DateTime.fromISO(text, { setZone: true });
  return at.isValid ? at.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** The UTC calendar date of an instant (YYYY-MM-DD). */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate() as string;
}
