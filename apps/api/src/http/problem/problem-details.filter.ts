import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '@strive/domain';
import { STATUS_CODES } from 'node:http';
import { statusOfDomainError } from './domain-error-status';
import { ProblemDetails } from './problem-details';
import { RequestValidationError } from './request-validation.error';

interface HttpRequest { originalUrl: string }
interface HttpResponse {
  headersSent: boolean;
  status(code: number): HttpResponse;
  setHeader(name: string, value: string): void;
  send(body: string): void;
}

const SLUG: Partial<Record<number, string>> = {
  400: 'bad-request', 401: 'unauthorized', 403: 'forbidden', 404: 'not-found', 405: 'method-not-allowed',
  409: 'conflict', 413: 'payload-too-large', 415: 'unsupported-media-type', 429: 'too-many-requests',
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
    const response = host.switchToHttp().getResponse<HttpResponse>();
    const problem = this.toProblem(exception, request.originalUrl.split('?')[0]);
    if (problem.status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    response.status(problem.status);
    response.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
    response.send(JSON.stringify(problem));
  }

  private toProblem(exception: unknown, instance: string): ProblemDetails {
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
      // http-errors from body-parser (e.g. 413 entity.too.large) reach filters unmapped.
      const status = exception.status;
      const detail = status === 413 ? 'The request body is larger than the server accepts.' : exception.message;
      return problem(status, `urn:strive:problem:${SLUG[status] ?? status}`, detail, instance);
    }
    return problem(HttpStatus.INTERNAL_SERVER_ERROR, 'urn:strive:problem:internal', 'An unexpected error occurred.', instance);
  }
}

function isClientHttpError(error: unknown): error is { status: number; message: string } {
  const candidate = error as { status?: unknown; expose?: unknown } | null;
  return (
    typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500 && candidate.expose === true
  );
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
