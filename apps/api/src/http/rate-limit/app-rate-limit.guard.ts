import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Principal } from '@strive/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitCount, RateLimitExceeded, setRateLimitHeaders } from './rate-limit-answer';
import { rateLimitsOf } from './rate-limits';

/** After the bearer is known: counts the request against its app's limit (429 when used up). */
@Injectable()
export class AppRateLimitGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Principal }>();
    const limits = rateLimitsOf(request.server);
    if (!limits || !request.user) return true;
    const decide = (count: RateLimitCount | null): boolean => {
      if (count === null) return true;
      setRateLimitHeaders(context.switchToHttp().getResponse<FastifyReply>(), count);
      if (count.isExceeded) throw new RateLimitExceeded('for this app', count.ttlInSeconds);
      return true;
    };
    const counted = limits.count('app', request.user.appId);
    return counted instanceof Promise ? counted.then(decide) : decide(counted);
  }
}
