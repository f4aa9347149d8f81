import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessRule, assertAllowed, Principal } from '@strive/domain';

export const ACCESS_RULE = 'strive:access-rule';

/** After the bearer is known: refuses a bearer of the wrong kind for the operation (403). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.get<AccessRule>(ACCESS_RULE, context.getHandler());
    const principal = context.switchToHttp().getRequest<{ user: Principal }>().user;
    assertAllowed(principal, rule);
    return true;
  }
}
