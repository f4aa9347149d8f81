import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { Level, Logger } from 'pino';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type LoggedRequest = IncomingMessage & { id?: string; originalUrl?: string };

const levelOf = (status: number, failed: boolean): Level => (failed || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');

/**
 * One JSON line per request with a request id: the caller's X-Request-Id when it is
 * a safe token, else a new UUID; echoed in the response header. Only method, path
 * and status are logged: the query string and headers may carry secrets.
 *
 * The line is the one pino-http writes (`req`, `res`, `responseTime`, "request completed",
 * "request aborted" or "request errored" with `err`), built only when its level is enabled:
 * a request whose line is filtered out (e.g. LOG_LEVEL=warn and a 200) costs an id and a
 * listener, not a child logger per request (which showed in the leaderboard profiles).
 */
export function requestLogger(logger: Logger) {
  return (req: LoggedRequest, res: ServerResponse, next: () => void): void => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const startedAt = Date.now();
    // What the line says about the request is fixed now: routing rewrites req.url later.
    const method = req.method;
    const path = (req.originalUrl ?? req.url ?? '').split('?')[0];

    const done = (error?: Error) => {
      res.removeListener('close', done);
      res.removeListener('finish', done);
      res.removeListener('error', done);
      const status = res.statusCode;
      const level = levelOf(status, error !== undefined);
      if (!logger.isLevelEnabled(level)) return;
      const line: Record<string, unknown> = { req: { id, method, path }, res: { statusCode: status } };
      if (error !== undefined || status >= 500) {
        line.err = pino.stdSerializers.err(error ?? new Error(`failed with status code ${status}`));
        line.responseTime = Date.now() - startedAt;
        logger[level](line, 'request errored');
        return;
      }
      line.responseTime = Date.now() - startedAt;
      logger[level](line, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
    };
    res.on('close', done);
    res.on('finish', done);
    res.on('error', done);
    next();
  };
}
