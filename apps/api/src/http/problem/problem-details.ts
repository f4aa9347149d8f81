import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldError {
  @ApiProperty({ example: 'name', description: 'Path of the offending field: dotted, with [index] for arrays.' })
  field!: string;

  @ApiProperty({ example: 'name must be a string' })
  message!: string;
}

/** RFC 9457 problem details: the body of every error answer (application/problem+json). */
export class ProblemDetails {
  @ApiProperty({ example: 'urn:strive:problem:validation', description: 'Stable identifier of the problem kind.' })
  type!: string;

  @ApiProperty({ example: 'Bad Request' })
  title!: string;

  @ApiProperty({ example: 400 })
  status!: number;

  @ApiProperty({ example: 'The request has 1 invalid field.' })
  detail!: string;

  @ApiProperty({ example: '/api/v1/profile/', description: 'The request path that produced the problem.' })
  instance!: string;

  @ApiPropertyOptional({ type: [FieldError], description: 'One entry per invalid field (validation problems only).' })
  errors?: FieldError[];
}
