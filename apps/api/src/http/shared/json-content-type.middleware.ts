import { Injectable, NestMiddleware, UnsupportedMediaTypeException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/** A request body must be JSON: any other content type is refused with 415 before parsing. */
@Injectable()
export class JsonContentTypeMiddleware implements NestMiddleware {
  use(request: IncomingMessage & { originalUrl?: string }, _response: unknown, next: () => void): void {
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'] ?? '';
    // POST /token/ takes no body; OAuth clients often send grant_type form-encoded: ignore it.
    const takesNoBody = /^\/api\/v1(\.1)?\/token\/?(\?|$)/.test(request.originalUrl ?? request.url ?? '');
    if (hasBody && !takesNoBody && !JSON_TYPE.test(type)) {
      throw new UnsupportedMediaTypeException(`Send the body as application/json (got ${type || 'no content type'}).`);
    }
    next();
  }
}
