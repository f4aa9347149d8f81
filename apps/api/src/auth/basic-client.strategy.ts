import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { App, AuthenticateClientUseCase } from '@strive/domain';
import type { IncomingHttpHeaders } from 'node:http';
import { BasicStrategy } from 'passport-http';
import { basicCredentialsOf } from './authorization-header';

/**
 * HTTP Basic with the app's client id and secret; only POST /token/ uses it. A header that
 * passport-http reads leniently (extra words, odd spacing) but basicCredentialsOf does not is
 * refused: the rate limit counts attempts by the client id basicCredentialsOf reads.
 */
@Injectable()
export class BasicClientStrategy extends PassportStrategy(BasicStrategy, 'basic') {
  constructor(private readonly authenticateClient: AuthenticateClientUseCase) {
    super({ passReqToCallback: true });
  }

  async validate(request: { headers: IncomingHttpHeaders }, clientId: string, clientSecret: string): Promise<App | false> {
    const read = basicCredentialsOf(request.headers.authorization);
    if (!read || read.clientId !== clientId || read.clientSecret !== clientSecret) return false;
    return this.authenticateClient.execute({ clientId, clientSecret });
  }
}
