import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { HealthController } from './http/health/health.controller';
import { ProfileController } from './http/profile/profile.controller';
import { TokenController } from './http/token/token.controller';
import { IdentityModule } from './identity/identity.module';
import { StartupService } from './identity/startup.service';
import { PersistenceModule } from './persistence/persistence.module';
import { SystemModule } from './system/system.module';
import { DataModule } from './http/health-data/data.module';
import { GamificationHttpModule } from './gamification/gamification-http.module';
import { JobsModule } from './jobs/jobs.module';
import { WritePipelineModule } from './write-pipeline/write-pipeline.module';
import { DeliveryModule } from './delivery/delivery.module';
import { ConnectionHttpModule } from './http/connection/connection-http.module';
import { NotificationHttpModule } from './http/notification/notification-http.module';
import { DocumentsModule } from './http/documents/documents.module';
import { InsightsModule } from './http/insights/insights.module';
import { LoyaltyModule } from './http/loyalty/loyalty.module';
import { MetricsModule } from './metrics/metrics.module';
import { MetricsServer } from './metrics/metrics-server';

@Module({
  imports: [SystemModule, PersistenceModule, IdentityModule, AuthModule, WritePipelineModule, DataModule, GamificationHttpModule, JobsModule,
    DeliveryModule, ConnectionHttpModule, NotificationHttpModule, DocumentsModule,
    InsightsModule, LoyaltyModule, MetricsModule],
  controllers: [HealthController, TokenController, ProfileController],
  providers: [StartupService, MetricsServer],
})
export class AppModule {}
