import { ConnectionTicket, ConnectionTicketSigner } from '@strive/domain';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

interface Claims {
  a: string;
  p: string;
  r: string | null;
  e: boolean;
  x: number;
}

/** base64url claims (at most 16,000 characters: a 2,000-character redirect in UTF-8 and more), a dot, and the 43 characters of a base64url HMAC-SHA256. */
const TICKET_FORMAT = /^[A-Za-z0-9_-]{1,16000}\.[A-Za-z0-9_-]{43}$/;

/**
 * Tickets as `<base64url JSON claims>.<base64url HMAC-SHA256>`, keyed by a subkey of
 * CONNECTION_TOKEN_KEY (HKDF, its own purpose): only this server (or another process with the same
 * key) makes a ticket that verifies.
 */
export class HmacConnectionTicketSigner implements ConnectionTicketSigner {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'strive connection tickets v1', 32));
  }

  sign(ticket: ConnectionTicket): string {
    const claims: Claims = { a: ticket.appId, p: ticket.profileId, r: ticket.redirect, e: ticket.redirectOnError, x: ticket.expiresAt.getTime() };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  verify(text: string): ConnectionTicket | null {
    // Exactly what sign() writes: base64url decoding skips foreign characters, so anything more
    // would verify too and then travel on (into the page's script) as part of the ticket.
    if (!TICKET_FORMAT.test(text)) return null;
    const [body, mac] = text.split('.');
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    return { appId: claims.a, profileId: claims.p, redirect: claims.r, redirectOnError: claims.e, expiresAt: new Date(claims.x) };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
