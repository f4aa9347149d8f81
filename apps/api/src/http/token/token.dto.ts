import { ApiProperty } from '@nestjs/swagger';

export class AdminTokenView {
  @ApiProperty({ example: 'q1Zr0QfM1n2v4cXo5bY7uT9kL6aP3sD1fG0hJ2kJm3w', description: 'The administrator bearer.' })
  access_token!: string;

  @ApiProperty({ enum: ['bearer'], example: 'bearer' })
  token_type!: 'bearer';

  @ApiProperty({ example: 86400, description: 'Seconds until the bearer expires (24 hours).' })
  expires_in!: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' })
  expires_at!: string;
}
