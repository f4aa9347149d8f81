import { ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The realm named in every WWW-Authenticate challenge. */
export const REALM = 'strive';

/** The request once a credential guard has run: the administrator, profile or app it stands for. */
type AuthenticatedRequest<T> = FastifyRequest & { user?: T };

/**
 * Runs a credential guard's check. A refused authentication answers 401 with the scheme to use
 * (RFC 9110 11.6.1; RFC 6750 for bearers, RFC 7617 for Basic): this sets the header, the problem
 * filter writes the body. `resolve` gets the header's credentials (null: absent or malformed).
 */
export async function authenticate<C, T>(
  context: ExecutionContext,
  challenge: string,
  read: (authorization: string | undefined) => C | null,
  resolve: (credentials: C) => Promise<T>,
): Promise<true> {
  const http = context.switchToHttp();
  const request = http.getRequest<AuthenticatedRequest<T>>();
  try {
    const credentials = read(request.headers.authorization);
    if (credentials === null) throw new UnauthorizedException();
    request.user = await resolve(credentials);
    return true;
  } catch (error) {
    http.getResponse<FastifyReply>().header('WWW-Authenticate', challenge);
    throw error;
  }
}
