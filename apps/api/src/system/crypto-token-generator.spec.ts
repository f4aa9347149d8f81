import { CryptoTokenGenerator } from './crypto-token-generator';

describe('CryptoTokenGenerator', () => {
  const tokens = new CryptoTokenGenerator();

  it('draws client ids of 16 base64url characters that never start with - or _ (a command line would read -Xyz as an option)', () => {
    // Without the redraw, 4,000 ids all starting plainly has probability (62/64)^4000, about e^-127.
    const ids = Array.from({ length: 4_000 }, () => tokens.newIdentifier());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{15}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every other base64url character still appears past the first place.
    expect(ids.some((id) => id.slice(1).includes('-'))).toBe(true);
    expect(ids.some((id) => id.slice(1).includes('_'))).toBe(true);
  });

  it('draws 256-bit secrets and digests them with SHA-256 (hex)', () => {
    const secret = tokens.newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
