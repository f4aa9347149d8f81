import { ProviderError, ProviderErrorKind } from '@strive/domain';

/** Cursors are opaque to the sync: each adapter keeps its position in a small JSON object. */
export function encodeCursor(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor<T extends object>(cursor: string): T {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) return value as T;
  } catch {
    // reported below
  }
  throw new ProviderError(ProviderErrorKind.InvalidResponse, 'unreadable sync cursor');
}
