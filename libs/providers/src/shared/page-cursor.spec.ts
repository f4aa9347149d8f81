import { ProviderErrorKind } from '@strive/domain';
import { decodeCursor, encodeCursor } from './page-cursor';

describe('page cursors', () => {
  it('round-trip a position', () => {
    expect(decodeCursor(encodeCursor({ s: 'sleep', d: '2026-11-20' }))).toEqual({ s: 'sleep', d: '2026-11-20' });
  });

  it('refuse what they did not write', () => {
    for (const bad of ['%%%', Buffer.from('42').toString('base64url'), Buffer.from('null').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ kind: ProviderErrorKind.InvalidResponse }));
    }
  });
});
