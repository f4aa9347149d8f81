import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The interface versions served; /api/v1.1 is the same API with v1.1 serialisation. */
export type ApiVersion = 'v1' | 'v1.1';

/** What the server notes on each incoming request when it routes /api/v1.1 to /api/v1 (configure-app.ts). */
export interface VersionedRequest {
  apiVersion?: ApiVersion;
  publicBaseUrl?: string | null;
}

/** What ApiUrl needs of a (Fastify) request. */
export interface UrlRequest {
  protocol: string;
  /** The URL as the caller sent it. */
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
  raw: VersionedRequest;
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
    const origin = request.raw.publicBaseUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const [path, search = ''] = request.originalUrl.split('?');
    const version = request.raw.apiVersion ?? 'v1';
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
