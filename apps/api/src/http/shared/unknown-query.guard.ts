import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { RequestValidationError } from '../problem/request-validation.error';

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
}

/** Set by the credential decorators (Auth, ClientAuth), which check the query after the credentials. */
const CHECKED_AFTER_CREDENTIALS = 'strive:unknown-query-after-credentials';
export const CheckQueryAfterCredentials = () => SetMetadata(CHECKED_AFTER_CREDENTIALS, true);

/**
 * Unknown query parameters are a 400 on every operation. A handler that takes the whole query as
 * a DTO already gets that from the ValidationPipe (forbidNonWhitelisted); this covers the others:
 * those that take no query at all, or only named parameters. On an operation that asks for
 * credentials it is the last of its guards (credentials are checked first); on the others it runs
 * as a global guard. A guard, not an interceptor: an interceptor would put every request through
 * an RxJS pipeline (measured at about 8 % of a leaderboard request's CPU).
 */
@Injectable()
export class UnknownQueryGuard implements CanActivate {
  private readonly accepted = new WeakMap<object, ReadonlySet<string> | 'dto'>();

  constructor(private readonly role: 'global' | 'after-credentials') {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const afterCredentials = Reflect.getMetadata(CHECKED_AFTER_CREDENTIALS, context.getHandler()) === true;
    if (afterCredentials !== (this.role === 'after-credentials')) return true;
    const accepted = this.acceptedBy(context);
    if (accepted !== 'dto') {
      const query = (context.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query ?? {}) as Record<string, unknown>;
      const unknown = Object.keys(query).filter((name) => !accepted.has(name));
      if (unknown.length > 0) {
        throw new RequestValidationError(unknown.map((name) => ({ field: name, message: `unknown query parameter: ${name} is not accepted here` })));
      }
    }
    return true;
  }

  /** The query parameter names a handler reads, or 'dto' when it reads the whole query. */
  private acceptedBy(context: ExecutionContext): ReadonlySet<string> | 'dto' {
    const handler = context.getHandler();
    let accepted = this.accepted.get(handler);
    if (accepted === undefined) {
      const args: Record<string, RouteArgument> = Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {};
      const queries = Object.entries(args).filter(([key]) => key.split(':')[0] === String(RouteParamtypes.QUERY)).map(([, arg]) => arg);
      accepted = queries.some((arg) => typeof arg.data !== 'string') ? 'dto' : new Set(queries.map((arg) => arg.data as string));
      this.accepted.set(handler, accepted);
    }
    return accepted;
  }
}

/** The route-level instance (an injectable class with no constructor arguments, for UseGuards). */
@Injectable()
export class UnknownQueryAfterCredentialsGuard extends UnknownQueryGuard {
  constructor() {
    super('after-credentials');
  }
}
