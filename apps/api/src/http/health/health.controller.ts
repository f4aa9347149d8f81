import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

export class HealthView {
  @ApiProperty({ enum: ['ok', 'unavailable'], example: 'ok' })
  status!: 'ok' | 'unavailable';

  @ApiProperty({ enum: ['up', 'down'], example: 'up', description: 'Whether the database answered a query.' })
  database!: 'up' | 'down';
}

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @ApiOperation({ operationId: 'health', summary: 'Liveness and database reachability (no authentication)' })
  @ApiOkResponse({ type: HealthView })
  @ApiServiceUnavailableResponse({ type: HealthView, description: 'The database does not answer.' })
  async check(@Res({ passthrough: true }) response: { status(code: number): void }): Promise<HealthView> {
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok', database: 'up' };
    } catch {
      response.status(503);
      return { status: 'unavailable', database: 'down' };
    }
  }
}
