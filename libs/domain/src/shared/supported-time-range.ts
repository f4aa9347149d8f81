/**
 * The times this service keeps: record times, event timestamps, date filters. A range
 * rather than "anything a Date can hold": year 0001 or 275760 is a typo or a probe, never a
 * measurement, and every instant inside it is an ISO 8601 date-time PostgreSQL stores as is.
 */
export const EARLIEST_SUPPORTED_TIME = new Date('1900-01-01T00:00:00Z');
/** Excluded: the range ends just before this instant. */
export const END_OF_SUPPORTED_TIME = new Date('2100-01-01T00:00:00Z');

/** Whether `instant` lies in the supported range (1900-01-01 included to 2100-01-01 excluded). */
export function isSupportedTime(instant: Date): boolean {
  const ms = instant.getTime();
  return ms >= EARLIEST_SUPPORTED_TIME.getTime() && ms < END_OF_SUPPORTED_TIME.getTime();
}

/** How a refusal names the range. */
export const SUPPORTED_TIME_TEXT = 'between 1900-01-01T00:00:00Z and 2100-01-01T00:00:00Z (excluded)';
