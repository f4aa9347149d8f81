import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { App, AuthenticateClientUseCase } from '@strive/domain';
import { BasicStrategy } from 'passport-http';

/** HTTP Basic with the app's client id and secret; only POST /token/ uses it. */
@Injectable()
export class BasicClientStrategy extends PassportStrategy(BasicStrategy, 'basic') {
  constructor(private readonly authenticateClient: AuthenticateClientUseCase) {
    super();
  }

  validate(clientId: string, clientSecret: string): Promise<App> {
    return this.authenticateClient.execute({ clientId, clientSecret });
  }
}
