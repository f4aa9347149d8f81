import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PersistenceModule } from '../persistence/persistence.module';
import { SystemModule } from '../system/system.module';
import { AppFeaturesModule } from '../features/app-features.module';

/** What operator commands need: configuration, the database, the identity use cases and feature grants. */
@Module({ imports: [SystemModule, PersistenceModule, IdentityModule, AppFeaturesModule] })
export class CliModule {}
