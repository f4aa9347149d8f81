import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { Observable } from 'rxjs';
import { RequestValidationError } from '../problem/request-validation.error';

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
}

/**
 * Unknown query parameters are a 400 on every operation. A handler that takes the whole
 * query as a DTO already gets that from the ValidationPipe (forbidNonWhitelisted); this
 * covers the others: those that take no query at all, or only named parameters.
 * Runs after the guards, so credentials are still checked first.
 */
@Injectable()
export class UnknownQueryInterceptor implements NestInterceptor {
  private readonly accepted = new WeakMap<object, ReadonlySet<string> | 'dto'>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const accepted = this.acceptedBy(context);
    if (accepted !== 'dto') {
      const query = (context.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query ?? {}) as Record<string, unknown>;
      const unknown = Object.keys(query).filter((name) => !accepted.has(name));
      if (unknown.length > 0) {
        throw new RequestValidationError(unknown.map((name) => ({ field: name, message: `unknown query parameter: ${name} is not accepted here` })));
      }
    }
    return next.handle();
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
