import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { Level, Logger } from 'pino';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const levelOf = (status: number, failed: boolean): Level => (failed || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');

/** The request id: the caller's X-Request-Id when it is a safe token, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** What the request log needs of a Fastify request and reply. */
interface LoggedRequest {
  readonly id: string;
  readonly method: string;
  /** The URL as the caller sent it (before the /api/v1.1 rewrite). */
  readonly originalUrl: string;
  readonly raw: IncomingMessage;
}
interface LoggedReply {
  readonly raw: ServerResponse;
  header(name: string, value: string): unknown;
}

/**
 * An onRequest hook writing one JSON line per request, with its request id (see requestIdOf),
 * echoed in the X-Request-Id response header. Only method, path and status are logged: the
 * query string and headers may carry secrets.
 *
 * The line is the one pino-http writes (`req`, `res`, `responseTime`, "request completed",
 * "request aborted" or "request errored" with `err`), built only when its level is enabled:
 * a request whose line is filtered out (e.g. LOG_LEVEL=warn and a 200) costs an id and a
 * listener, not a child logger per request (which showed in the leaderboard profiles).
 */
export function requestLogger(logger: Logger) {
  return (request: LoggedRequest, reply: LoggedReply, next: () => void): void => {
    const { id, method, raw } = request;
    const res = reply.raw;
    reply.header('X-Request-Id', id);
    const startedAt = Date.now();

    const done = (error?: Error) => {
      res.removeListener('close', done);
      res.removeListener('error', done);
      const status = res.statusCode;
      const level = levelOf(status, error !== undefined);
      if (!logger.isLevelEnabled(level)) return;
      const line: Record<string, unknown> = { req: { id, method, path: request.originalUrl.split('?')[0] }, res: { statusCode: status } };
      line.responseTime = Date.now() - startedAt;
      if (error !== undefined || status >= 500) {
        line.err = pino.stdSerializers.err(error ?? new Error(`failed with status code ${status}`));
        logger[level](line, 'request errored');
        return;
      }
      logger[level](line, !raw.readableAborted && res.writableFinished ? 'request completed' : 'request aborted');
    };
    // 'close' follows 'finish' on every response, and an aborted one.
    res.on('close', done);
    res.on('error', done);
    next();
  };
}
