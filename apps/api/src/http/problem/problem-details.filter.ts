import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '@strive/domain';
import { STATUS_CODES } from 'node:http';
import { statusOfDomainError } from './domain-error-status';
import { ProblemDetails } from './problem-details';
import { RequestValidationError } from './request-validation.error';

interface HttpRequest { originalUrl: string }
/** What the filter needs of a Fastify reply. */
interface HttpReply {
  readonly sent: boolean;
  status(code: number): HttpReply;
  header(name: string, value: string): HttpReply;
  send(body: string): unknown;
}

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

const SLUG: Partial<Record<number, string>> = {
  400: 'bad-request', 401: 'unauthorized', 403: 'forbidden', 404: 'not-found', 405: 'method-not-allowed',
  408: 'request-timeout', 409: 'conflict', 413: 'payload-too-large', 414: 'uri-too-long', 415: 'unsupported-media-type',
  429: 'too-many-requests', 431: 'request-header-fields-too-large',
};

/**
 * Every error leaves as RFC 9457 problem details. Domain errors map through one
 * table; anything the code did not expect is logged and answers a bare 500.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Problem');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<HttpRequest>();
    const reply = host.switchToHttp().getResponse<HttpReply>();
    const problem = problemOf(exception, request.originalUrl.split('?')[0]);
    if (problem.status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (!reply.sent) sendProblem(reply, problem);
  }
}

/** Answers with the problem, as application/problem+json. */
export function sendProblem(reply: HttpReply, problem: ProblemDetails): void {
  reply.status(problem.status).header('Content-Type', PROBLEM_TYPE).send(JSON.stringify(problem));
}

/** The problem details of any error thrown while serving `instance` (the request path). */
export function problemOf(exception: unknown, instance: string): ProblemDetails {
  if (exception instanceof DomainError) {
    const status = statusOfDomainError(exception);
    if (status < 500) return problem(status, `urn:strive:problem:${exception.code}`, exception.message, instance);
  }
  if (exception instanceof RequestValidationError) {
    return { ...problem(400, 'urn:strive:problem:validation', exception.message, instance), errors: exception.errors };
  }
  if (exception instanceof HttpException && exception.getStatus() < 500) {
    const status = exception.getStatus();
    return problem(status, `urn:strive:problem:${SLUG[status] ?? status}`, detailOf(exception), instance);
  }
  if (isClientHttpError(exception)) {
    // Errors of the HTTP server itself (body too large, malformed JSON) carry a 4xx statusCode.
    const status = exception.statusCode;
    const detail = status === 413 ? 'The request body is larger than the server accepts.' : exception.message;
    return problem(status, `urn:strive:problem:${SLUG[status] ?? status}`, detail, instance);
  }
  return problem(HttpStatus.INTERNAL_SERVER_ERROR, 'urn:strive:problem:internal', 'An unexpected error occurred.', instance);
}

function isClientHttpError(error: unknown): error is { statusCode: number; message: string } {
  const candidate = error as { statusCode?: unknown } | null;
  return typeof candidate?.statusCode === 'number' && candidate.statusCode >= 400 && candidate.statusCode < 500;
}

function problem(status: number, type: string, detail: string, instance: string): ProblemDetails {
  return { type, title: STATUS_CODES[status] ?? 'Error', status, detail, instance };
}

function detailOf(exception: HttpException): string {
  const body = exception.getResponse();
  const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  if (exception.getStatus() === HttpStatus.UNAUTHORIZED) return 'Missing or invalid credentials.';
  if (exception.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) return 'The request body is larger than the server accepts.';
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}
