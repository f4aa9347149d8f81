import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Principal } from '@strive/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitExceeded, setRateLimitHeaders } from './rate-limit-answer';
import { rateLimitsOf } from './rate-limits';

/** After the bearer is known: counts the request against its app's limit (429 when used up). */
@Injectable()
export class AppRateLimitGuard implements CanActivate {
  canActivate(context: ExecutionContext): Promise<boolean> | boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Principal }>();
    const limits = rateLimitsOf(request.server);
    if (!limits || !request.user) return true;
    const appId = request.user.appId;
    return new Promise((resolve, reject) =>
      limits.count('app', appId, (count) => {
        if (count === null) return resolve(true);
        setRateLimitHeaders(context.switchToHttp().getResponse<FastifyReply>(), count);
        if (count.isExceeded) reject(new RateLimitExceeded('for this app', count.ttlInSeconds));
        else resolve(true);
      }),
    );
  }
}
