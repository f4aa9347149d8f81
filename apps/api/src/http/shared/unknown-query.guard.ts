import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ApiQuery } from '@nestjs/swagger';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { RequestValidationError } from '../problem/request-validation.error';

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
}

/** Set by the credential decorators (Auth, ClientAuth), which check the query after the credentials. */
const CHECKED_AFTER_CREDENTIALS = 'strive:unknown-query-after-credentials';
export const CheckQueryAfterCredentials = () => SetMetadata(CHECKED_AFTER_CREDENTIALS, true);

const QUERY_READ_BY_HANDLER = 'strive:query-read-by-handler';
/**
 * On a handler that validates its whole query as `dto` itself (QueryMemoValidationPipe.query)
 * rather than through a `@Query()` parameter: this guard leaves the query to it, as to a `@Query()`
 * DTO, and the OpenAPI lists the DTO's fields as it would a `@Query()` DTO's.
 */
export const QueryReadByHandler = (dto: Type<unknown>) => applyDecorators(SetMetadata(QUERY_READ_BY_HANDLER, true), ApiQuery({ type: dto }));

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
  /** Per handler, read once from its metadata: whether this instance checks it, and what it accepts. */
  private readonly handlers = new WeakMap<object, { checked: boolean; accepted: ReadonlySet<string> | 'dto' }>();

  constructor(private readonly role: 'global' | 'after-credentials') {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const { checked, accepted } = this.handlerRules(context);
    if (!checked) return true;
    if (accepted !== 'dto') {
      const query = (context.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query ?? {}) as Record<string, unknown>;
      const unknown = Object.keys(query).filter((name) => !accepted.has(name));
      if (unknown.length > 0) {
        throw new RequestValidationError(unknown.map((name) => ({ field: name, message: `unknown query parameter: ${name} is not accepted here` })));
      }
    }
    return true;
  }

  /**
   * Whether this instance checks the handler (the route-level one when it asks for credentials, else
   * the global one), and the query parameter names it reads ('dto' when it reads the whole query).
   */
  private handlerRules(context: ExecutionContext): { checked: boolean; accepted: ReadonlySet<string> | 'dto' } {
    const handler = context.getHandler();
    let rules = this.handlers.get(handler);
    if (rules === undefined) {
      const afterCredentials = Reflect.getMetadata(CHECKED_AFTER_CREDENTIALS, handler) === true;
      const args: Record<string, RouteArgument> = Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {};
      const queries = Object.entries(args).filter(([key]) => key.split(':')[0] === String(RouteParamtypes.QUERY)).map(([, arg]) => arg);
      rules = {
        checked: afterCredentials === (this.role === 'after-credentials'),
        accepted: Reflect.getMetadata(QUERY_READ_BY_HANDLER, handler) === true || queries.some((arg) => typeof arg.data !== 'string')
          ? 'dto'
          : new Set(queries.map((arg) => arg.data as string)),
      };
      this.handlers.set(handler, rules);
    }
    return rules;
  }
}

/** The route-level instance (an injectable class with no constructor arguments, for UseGuards). */
@Injectable()
export class UnknownQueryAfterCredentialsGuard extends UnknownQueryGuard {
  constructor() {
    super('after-credentials');
  }
}
