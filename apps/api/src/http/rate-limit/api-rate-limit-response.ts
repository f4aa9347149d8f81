import { applyDecorators } from '@nestjs/common';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';

const HEADERS = {
  'Retry-After': { description: 'Seconds until the limit resets.', schema: { type: 'integer', example: 42 } },
  'RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer', example: 1200 } },
  'RateLimit-Remaining': { description: 'Requests left in the window (0 here).', schema: { type: 'integer', example: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer', example: 42 } },
};

/** Documents the 429 answer of a rate-limited operation (`limit` says which limit applies). */
export function ApiRateLimitResponse(limit: string) {
  return applyDecorators(
    ApiResponse({
      status: 429,
      description: `Rate limited (${limit}; docs/decisions.md "Rate limits"). Every answer to a request with credentials carries the RateLimit-* headers.`,
      headers: HEADERS,
      content: {
        'application/problem+json': {
          schema: { $ref: getSchemaPath('ProblemDetails') },
          example: {
            type: 'urn:strive:problem:too-many-requests',
            title: 'Too Many Requests',
            status: 429,
            detail: 'Too many requests for this bearer; retry in 42 s.',
            instance: '/api/v1/profile/',
          },
        },
      },
    }),
  );
}
