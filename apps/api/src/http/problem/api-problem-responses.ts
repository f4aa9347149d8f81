import { applyDecorators } from '@nestjs/common';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';

export const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400:
    'Invalid input: malformed JSON or JSON nested deeper than 64 levels, a field of the wrong type, format or range, ' +
    'an unknown field or query parameter, text with a NUL character or an unpaired surrogate.',
  401: 'Missing, unknown or expired credentials.',
  403: 'A valid bearer of the wrong kind for this operation, or another profile\'s private data.',
  404: 'No such object in this app (objects of other apps are never revealed).',
  409: 'The move is not allowed in the object\'s current state.',
  413: 'The request body is larger than the server accepts (BODY_LIMIT, 2 MiB by default).',
  415: 'The request body is not JSON.',
  500: 'An unexpected error; it is logged with the request id.',
};

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  413: 'Payload Too Large', 415: 'Unsupported Media Type', 500: 'Internal Server Error',
};

/** The OpenAPI response object of a problem-details answer with an example. */
export function problemResponse(status: number) {
  return {
    description: PROBLEM_DESCRIPTIONS[status],
    content: {
      'application/problem+json': {
        schema: { $ref: getSchemaPath('ProblemDetails') },
        example: {
          type: status === 400 ? 'urn:strive:problem:validation' : `urn:strive:problem:${TITLES[status].toLowerCase().replace(/ /g, '-')}`,
          title: TITLES[status],
          status,
          detail: PROBLEM_DESCRIPTIONS[status],
          instance: '/api/v1/profile/',
          ...(status === 400 ? { errors: [{ field: 'name', message: 'name must be a string' }] } : {}),
        },
      },
    },
  };
}

/** Documents the error statuses an operation can answer, each with the ProblemDetails schema. */
export function ApiProblemResponses(...statuses: number[]) {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, ...problemResponse(status) })));
}
