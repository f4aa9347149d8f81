import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PersistenceModule } from '../persistence/persistence.module';
import { SystemModule } from '../system/system.module';

/** What operator commands need: configuration, the database and the identity use cases. */
@Module({ imports: [SystemModule, PersistenceModule, IdentityModule] })
export class CliModule {}
