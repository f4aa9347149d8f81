import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthenticateClientUseCase } from '@strive/domain';
import { authenticate, REALM } from './authentication-challenge';
import { basicCredentialsOf } from './authorization-header';

/**
 * HTTP Basic with the app's client id and secret (POST /token/ only): the app becomes
 * `request.user`. The header is read exactly as the rate limit reads it (basicCredentialsOf), so
 * the client id that attempts are counted by is always the one authenticated.
 */
@Injectable()
export class ClientAuthGuard implements CanActivate {
  constructor(private readonly authenticateClient: AuthenticateClientUseCase) {}

  canActivate(context: ExecutionContext): true | Promise<true> {
    return authenticate(context, `Basic realm="${REALM}", charset="UTF-8"`, basicCredentialsOf, (credentials) => this.authenticateClient.execute(credentials));
  }
}
