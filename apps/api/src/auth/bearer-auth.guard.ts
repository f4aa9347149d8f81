import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthenticateBearerUseCase } from '@strive/domain';
import { authenticate, REALM } from './authentication-challenge';
import { bearerTokenOf } from './authorization-header';

/**
 * `Authorization: Bearer <token>` (scheme word case-insensitive) for every operation but POST
 * /token/: the administrator or profile it stands for becomes `request.user`. Only the header
 * counts (a token in the query would end up in logs). A guard of its own rather than a Passport
 * strategy: Passport's per-request strategy object and callbacks were about a fifth of a
 * leaderboard request's CPU (docs/decisions.md "Credentials are checked by guards of our own").
 * `@Auth` runs it first of BearerCredentialsGuard's checks; a bearer the cache knows is answered
 * without a promise.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly authenticateBearer: AuthenticateBearerUseCase) {}

  canActivate(context: ExecutionContext): true | Promise<true> {
    return authenticate(
      context, `Bearer realm="${REALM}"`, bearerTokenOf, (token) => this.authenticateBearer.cached(token) ?? this.authenticateBearer.execute(token),
    );
  }
}
