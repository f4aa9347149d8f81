import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthenticateBearerUseCase } from '@strive/domain';
import { AppRateLimitGuard } from '../http/rate-limit/app-rate-limit.guard';
import { UnknownQueryAfterCredentialsGuard } from '../http/shared/unknown-query.guard';
import { AccessGuard } from './access.guard';
import { BearerAuthGuard } from './bearer-auth.guard';

/**
 * What `@Auth` checks, in this order: the bearer (401), its app's rate limit (429), the access
 * rule (403), unknown query parameters (400). One guard running the four, not four guards: Nest
 * awaits each guard's answer, and for a cached bearer counted in memory all four answer at once,
 * so a request then passes them without a promise (docs/decisions.md "One guard for a bearer's checks").
 */
@Injectable()
export class BearerCredentialsGuard implements CanActivate {
  private readonly checks: readonly CanActivate[];

  constructor(authenticateBearer: AuthenticateBearerUseCase, reflector: Reflector) {
    this.checks = [new BearerAuthGuard(authenticateBearer), new AppRateLimitGuard(), new AccessGuard(reflector), new UnknownQueryAfterCredentialsGuard()];
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return this.from(0, context);
  }

  /** The checks from `first` on, each after the one before has passed. */
  private from(first: number, context: ExecutionContext): boolean | Promise<boolean> {
    for (let i = first; i < this.checks.length; i++) {
      const passed = this.checks[i].canActivate(context) as boolean | Promise<boolean>;
      if (passed instanceof Promise) return passed.then((ok) => ok && this.from(i + 1, context));
      if (!passed) return false;
    }
    return true;
  }
}
