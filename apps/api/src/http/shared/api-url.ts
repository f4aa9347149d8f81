import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The interface versions served; /api/v1.1 is the same API with v1.1 serialisation. */
export type ApiVersion = 'v1' | 'v1.1';

/** What the server notes on each incoming request when it routes /api/v1.1 to /api/v1 (configure-app.ts). */
export interface VersionedRequest {
  apiVersion?: ApiVersion;
  publicBaseUrl?: string | null;
  /** Host names whose Host header may build links (TRUSTED_HOSTS). */
  trustedHosts?: readonly string[];
  /** The origin of links when the Host header is not trusted: http://localhost:<port>. */
  fallbackOrigin?: string;
}

// host[:port], the host a name or a bracketed IPv6 address.
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/** Whether a Host header names a trusted host (".example.com" also trusts its subdomains). */
export function isTrustedHost(header: string | undefined, trusted: readonly string[]): header is string {
  const match = header === undefined ? null : HOST_HEADER.exec(header);
  if (!match) return false;
  const name = match[1].toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return trusted.some((entry) => entry === '*' || entry === name || (entry.startsWith('.') && (name.endsWith(entry) || name === entry.slice(1))));
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
 * and version: PUBLIC_BASE_URL when configured, else the request's own origin when its
 * Host header names a trusted host (TRUSTED_HOSTS), else http://localhost:<port>.
 */
export class ApiUrl {
  constructor(
    readonly origin: string,
    readonly version: ApiVersion,
    /** The path and query as the caller sent them (read apart only when a link needs them). */
    private readonly requestedUrl: string,
  ) {}

  static of(request: UrlRequest): ApiUrl {
    const host = request.headers.host;
    const origin =
      request.raw.publicBaseUrl ??
      (isTrustedHost(typeof host === 'string' ? host : undefined, request.raw.trustedHosts ?? [])
        ? `${request.protocol}://${host}`
        : (request.raw.fallbackOrigin ?? 'http://localhost'));
    return new ApiUrl(origin, request.raw.apiVersion ?? 'v1', request.originalUrl);
  }

  /** This request's URL as sent, with the origin links use: a key for answers that depend on nothing else of the request. */
  get requested(): string {
    return `${this.origin}${this.requestedUrl}`;
  }

  /** Absolute URL of a resource path such as "profile/<id>/". */
  resource(path: string): string {
    return `${this.origin}/api/${this.version}/${path}`;
  }

  /** This request's URL with some query parameters replaced (null removes one). */
  withQuery(changes: Record<string, string | number | null>): string {
    const mark = this.requestedUrl.indexOf('?');
    const query = new URLSearchParams(mark < 0 ? '' : this.requestedUrl.slice(mark + 1));
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) query.delete(key);
      else query.set(key, String(value));
    }
    // The path as served under /api/v1, then under the caller's version prefix.
    const path = (mark < 0 ? this.requestedUrl : this.requestedUrl.slice(0, mark))
      .replace(/^\/api\/v1\.1(?=\/|$)/, '/api/v1')
      .replace(/^\/api\/v1(?=\/|$)/, `/api/${this.version}`);
    const search = query.toString();
    return `${this.origin}${path}${search ? `?${search}` : ''}`;
  }
}

/** Injects the ApiUrl of the current request. */
export const RequestUrl = createParamDecorator(
  (_: unknown, context: ExecutionContext): ApiUrl => ApiUrl.of(context.switchToHttp().getRequest()),
);
