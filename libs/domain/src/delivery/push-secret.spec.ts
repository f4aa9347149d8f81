import { formatPushSecret, rotatedSecrets, signingSecrets } from './push-secret';

describe('push secrets', () => {
  it('formats key bytes as whsec_ + base64', () => {
    // bytes 0xfb 0xff 0x00: base64 "+/8A" (standard alphabet, as Standard Webhooks libraries decode it)
    expect(formatPushSecret(new Uint8Array([0xfb, 0xff, 0x00]))).toBe('whsec_+/8A');
  });

  it('keeps the replaced secret signing for 24 hours after a rotation, then only the new one', () => {
    const rotatedAt = new Date('2026-05-01T10:00:00Z');
    const rotated = rotatedSecrets({ secret: 'whsec_old', previousSecret: null, previousSecretExpiresAt: null }, 'whsec_new', rotatedAt);

    expect(rotated).toEqual({ secret: 'whsec_new', previousSecret: 'whsec_old', previousSecretExpiresAt: new Date('2026-05-02T10:00:00Z') });
    expect(signingSecrets(rotated, new Date('2026-05-02T09:59:59Z'))).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(rotated, new Date('2026-05-02T10:00:00Z'))).toEqual(['whsec_new']);
  });

  it('forgets the oldest secret on a second rotation', () => {
    const first = rotatedSecrets({ secret: 'a', previousSecret: null, previousSecretExpiresAt: null }, 'b', new Date('2026-05-01T00:00:00Z'));
    const second = rotatedSecrets(first, 'c', new Date('2026-05-01T01:00:00Z'));
    expect(signingSecrets(second, new Date('2026-05-01T02:00:00Z'))).toEqual(['c', 'b']);
  });
});
