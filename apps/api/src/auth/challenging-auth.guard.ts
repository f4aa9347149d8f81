import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply } from 'fastify';

/** The realm named in every WWW-Authenticate challenge. */
export const REALM = 'strive';

/**
 * A refused authentication answers 401 with the scheme to use (RFC 9110 11.6.1; RFC 6750
 * for bearers, RFC 7617 for Basic): the problem filter writes the body, this guard the header.
 */
function challengingGuard(strategy: 'bearer' | 'basic', challenge: string) {
  @Injectable()
  class ChallengingAuthGuard extends AuthGuard(strategy) {
    override handleRequest<TUser>(error: unknown, user: TUser, info: unknown, context: ExecutionContext): TUser {
      if (error || !user) context.switchToHttp().getResponse<FastifyReply>().header('WWW-Authenticate', challenge);
      return super.handleRequest(error, user, info, context);
    }
  }
  return ChallengingAuthGuard;
}

/** `Authorization: Bearer <token>` for every operation but POST /token/. */
export const BearerAuthGuard = challengingGuard('bearer', `Bearer realm="${REALM}"`);

/** HTTP Basic client credentials on POST /token/. */
export const BasicAuthGuard = challengingGuard('basic', `Basic realm="${REALM}", charset="UTF-8"`);
