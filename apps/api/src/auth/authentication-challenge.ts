import { ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The realm named in every WWW-Authenticate challenge. */
export const REALM = 'strive';

/** The request once a credential guard has run: the administrator, profile or app it stands for. */
type AuthenticatedRequest<T> = FastifyRequest & { user?: T };

/**
 * Runs a credential guard's check. A refused authentication answers 401 with the scheme to use
 * (RFC 9110 11.6.1; RFC 6750 for bearers, RFC 7617 for Basic): this sets the header, the problem
 * filter writes the body. `resolve` gets the header's credentials (null: absent or malformed); what
 * it answers without a promise (a cached bearer) is decided without one.
 */
export function authenticate<C, T>(
  context: ExecutionContext,
  challenge: string,
  read: (authorization: string | undefined) => C | null,
  resolve: (credentials: C) => T | Promise<T>,
): true | Promise<true> {
  const http = context.switchToHttp();
  const request = http.getRequest<AuthenticatedRequest<T>>();
  const refuse = (error: unknown): never => {
    http.getResponse<FastifyReply>().header('WWW-Authenticate', challenge);
    throw error;
  };
  const accept = (user: T): true => {
    request.user = user;
    return true;
  };
  try {
    const credentials = read(request.headers.authorization);
    if (credentials === null) throw new UnauthorizedException();
    const user = resolve(credentials);
    return user instanceof Promise ? user.then(accept, refuse) : accept(user);
  } catch (error) {
    return refuse(error);
  }
}
