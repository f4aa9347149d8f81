import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

export class HealthView {
  @ApiProperty({ enum: ['ok', 'unavailable'], example: 'ok' })
  status!: 'ok' | 'unavailable';

  @ApiProperty({ enum: ['up', 'down'], example: 'up', description: 'Whether the database answered a query.' })
  database!: 'up' | 'down';
}

export class LivenessView {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';
}

export class ReadinessView {
  @ApiProperty({ enum: ['ready', 'unavailable'], example: 'ready' })
  status!: 'ready' | 'unavailable';

  @ApiProperty({ enum: ['up', 'down'], example: 'up', description: 'Whether the database answered a query.' })
  database!: 'up' | 'down';

  @ApiProperty({
    enum: ['applied', 'pending', 'unknown'],
    example: 'applied',
    description: 'Whether every migration of this build is applied (pending while they run; unknown when the database is down).',
  })
  migrations!: 'applied' | 'pending' | 'unknown';
}

type Reply = { status(code: number): void };

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @ApiOperation({ operationId: 'health', summary: 'Liveness and database reachability (no authentication)' })
  @ApiOkResponse({ type: HealthView })
  @ApiServiceUnavailableResponse({ type: HealthView, description: 'The database does not answer.' })
  async check(@Res({ passthrough: true }) response: Reply): Promise<HealthView> {
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok', database: 'up' };
    } catch {
      response.status(503);
      return { status: 'unavailable', database: 'down' };
    }
  }

  @Get('live')
  @ApiOperation({ operationId: 'healthLive', summary: 'Liveness: the process answers (no database query, no authentication)' })
  @ApiOkResponse({ type: LivenessView })
  live(): LivenessView {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'healthReady',
    summary: 'Readiness: the database answers and every migration of this build is applied (no authentication)',
  })
  @ApiOkResponse({ type: ReadinessView })
  @ApiServiceUnavailableResponse({ type: ReadinessView, description: 'The database does not answer, or migrations are still to run.' })
  async ready(@Res({ passthrough: true }) response: Reply): Promise<ReadinessView> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      response.status(503);
      return { status: 'unavailable', database: 'down', migrations: 'unknown' };
    }
    // No migrations table yet: nothing is applied.
    const rows: { name: string }[] = await this.dataSource.query('SELECT name FROM migrations').catch(() => []);
    const applied = new Set(rows.map((row) => row.name));
    const pending = this.dataSource.migrations.some((migration) => !applied.has(migration.name ?? migration.constructor.name));
    if (pending) response.status(503);
    return { status: pending ? 'unavailable' : 'ready', database: 'up', migrations: pending ? 'pending' : 'applied' };
  }
}
