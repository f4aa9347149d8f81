import { Global, Module } from '@nestjs/common';
import { StriveMetrics } from './strive-metrics';

/**
 * The process's metrics, for any module to record into (the HTTP hook, the job runner, the write
 * path, webhook delivery). Serving them is MetricsServer's, which only the API process starts.
 */
@Global()
@Module({ providers: [StriveMetrics], exports: [StriveMetrics] })
export class MetricsModule {}
