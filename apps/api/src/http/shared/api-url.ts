import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The interface versions served; /api/v1.1 is the same API with v1.1 serialisation. */
export type ApiVersion = 'v1' | 'v1.1';

export interface UrlRequest {
  protocol: string;
  originalUrl: string;
  apiVersion?: ApiVersion;
  publicBaseUrl?: string | null;
  get(name: string): string | undefined;
}

/**
 * Builds the absolute URLs of `url` fields and page links for the request's host
 * and version: PUBLIC_BASE_URL when configured, else the request's own origin.
 */
export class ApiUrl {
  constructor(
    readonly origin: string,
    readonly version: ApiVersion,
    private readonly requestPath: string,
    private readonly query: URLSearchParams,
  ) {}

  static of(request: UrlRequest): ApiUrl {
    const origin = request.publicBaseUrl ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
    const [path, search = ''] = request.originalUrl.split('?');
    const version = request.apiVersion ?? 'v1';
    // The path as served under /api/v1; links keep the caller's version prefix.
    const v1Path = path.replace(/^\/api\/v1\.1(?=\/|$)/, '/api/v1');
    return new ApiUrl(origin, version, v1Path, new URLSearchParams(search));
  }

  /** Absolute URL of a resource path such as "profile/<id>/". */
  resource(path: string): string {
    return `${this.origin}/api/${this.version}/${path}`;
  }

  /** This request's URL with some query parameters replaced (null removes one). */
  withQuery(changes: Record<string, string | number | null>): string {
    const query = new URLSearchParams(this.query);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) query.delete(key);
      else query.set(key, String(value));
    }
    const path = this.requestPath.replace(/^\/api\/v1(?=\/|$)/, `/api/${this.version}`);
    const search = query.toString();
    return `${this.origin}${path}${search ? `?${search}` : ''}`;
  }
}

/** Injects the ApiUrl of the current request. */
export const RequestUrl = createParamDecorator(
  (_: unknown, context: ExecutionContext): ApiUrl => ApiUrl.of(context.switchToHttp().getRequest()),
);
