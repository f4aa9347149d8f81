import { Module } from '@nestjs/common';
import { GamificationModule } from '../gamification/gamification.module';
import { DataModule } from '../http/health-data/data.module';
import { IdentityModule } from '../identity/identity.module';
import { MetricsModule } from '../metrics/metrics.module';
import { PersistenceModule } from '../persistence/persistence.module';
import { SystemModule } from '../system/system.module';
import { WritePipelineModule } from '../write-pipeline/write-pipeline.module';
import { AppFeaturesModule } from '../features/app-features.module';

/**
 * What operator commands need: configuration, the database, the identity use cases, feature
 * grants and, for `demo seed`, the write path and the gamification use cases (the write path
 * records its timings in StriveMetrics; the CLI serves none). No job runner, no ticks: jobs a
 * command asks for are run by the server.
 */
@Module({ imports: [SystemModule, PersistenceModule, IdentityModule, AppFeaturesModule, WritePipelineModule, GamificationModule, DataModule, MetricsModule] })
export class CliModule {}
