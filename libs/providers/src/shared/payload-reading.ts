import { ProviderError, ProviderErrorKind } from '@strive/domain';

/** Vendor answers are read defensively: a field of the wrong kind counts as absent. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A number that must be a non-negative quantity (vendors send -1 or null for "unknown"). */
export function quantityOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n !== null && n >= 0 ? n : null;
}

/** A heart rate the contract accepts (1 to 300 bpm), else null (vendors send 0 for "none"). */
export function heartRateOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n !== null && n > 0 && n <= 300 ? Math.round(n * 10) / 10 : null;
}

/** The array at `key` of a vendor answer; anything else is an answer the adapter cannot read. */
export function arrayAt(answer: unknown, key: string, what: string): unknown[] {
  const list = isRecord(answer) ? answer[key] : undefined;
  if (!Array.isArray(list)) throw new ProviderError(ProviderErrorKind.InvalidResponse, `${what}: the answer has no ${key} list`);
  return list;
}

/** A value rounded to `digits` decimals (vendors send 8.000000000001 km). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
