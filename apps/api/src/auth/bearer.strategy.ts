import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { AuthenticateBearerUseCase, Principal } from '@strive/domain';
import type { IncomingHttpHeaders } from 'node:http';
import { Strategy } from 'passport-http-bearer';
import { bearerTokenOf } from './authorization-header';

/**
 * `Authorization: bearer <token>` (scheme word case-insensitive) for administrators and profiles.
 * passport-http-bearer also reads `access_token` from the query and the body: only the header
 * counts here (it is what the rate limits and the docs know; a query token would end up in logs).
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly authenticateBearer: AuthenticateBearerUseCase) {
    super({ passReqToCallback: true });
  }

  async validate(request: { headers: IncomingHttpHeaders }, token: unknown): Promise<Principal | false> {
    if (typeof token !== 'string' || token !== bearerTokenOf(request.headers.authorization)) return false;
    return this.authenticateBearer.execute(token);
  }
}
