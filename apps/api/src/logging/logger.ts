import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';

/**
 * Structured JSON logs. Request logs never carry headers or bodies, and these
 * paths are redacted as a second line of defence, so no secret or bearer is logged.
 */
export function createLogger(level: string, destination: DestinationStream = process.stdout): Logger {
  return pino(
    {
      level,
      base: { service: 'strive-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.authorization', 'req.headers.cookie', '*.authorization', '*.client_secret', '*.clientSecret',
          '*.bearer', '*.access_token', '*.accessToken', '*.password', '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Routes Nest's own log lines (boot, routes, errors) into the same JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
