import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessRule, assertAllowed, Principal } from '@strive/domain';

export const ACCESS_RULE = 'strive:access-rule';

/** After the bearer is known: refuses a bearer of the wrong kind for the operation (403). */
@Injectable()
export class AccessGuard implements CanActivate {
  /** Per handler, its rule read once from its metadata. */
  private readonly rules = new WeakMap<object, AccessRule>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let rule = this.rules.get(handler);
    if (rule === undefined) this.rules.set(handler, (rule = this.reflector.get<AccessRule>(ACCESS_RULE, handler)));
    const principal = context.switchToHttp().getRequest<{ user: Principal }>().user;
    assertAllowed(principal, rule);
    return true;
  }
}
