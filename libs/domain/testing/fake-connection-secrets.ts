import { ConnectionTicket } from '../src/connections/connection-ticket';
import { ConnectionTicketSigner } from '../src/ports/connection-ticket-signer';
import { PkceChallenger } from '../src/ports/pkce-challenger';
import { TokenCipher } from '../src/ports/token-cipher';

/** Visibly "sealed" text (tests read that tokens never reach storage in clear by looking for the prefix). */
export class FakeTokenCipher implements TokenCipher {
  seal(plaintext: string): string {
    return `sealed:${[...plaintext].reverse().join('')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('sealed:')) throw new Error('not sealed by this cipher');
    return [...sealed.slice('sealed:'.length)].reverse().join('');
  }
}

/** Tickets as readable JSON with a fixed "signature" suffix; anything else does not verify. */
export class FakeTicketSigner implements ConnectionTicketSigner {
  sign(ticket: ConnectionTicket): string {
    return `${JSON.stringify({ ...ticket, expiresAt: ticket.expiresAt.toISOString() })}~signed`;
  }

  verify(text: string): ConnectionTicket | null {
    if (!text.endsWith('~signed')) return null;
    const raw = JSON.parse(text.slice(0, -'~signed'.length));
    return { ...raw, expiresAt: new Date(raw.expiresAt) };
  }
}

export class FakePkceChallenger implements PkceChallenger {
  challengeOf(codeVerifier: string): string {
    return `S256(${codeVerifier})`;
  }
}
