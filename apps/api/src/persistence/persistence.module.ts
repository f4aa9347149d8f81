import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { ADMIN_TOKEN_REPOSITORY, APP_CONFIG, APP_REPOSITORY, PROFILE_REPOSITORY } from '../system/tokens';
import { repositoryProvider } from '../system/use-case-provider';
import { dataSourceOptions } from './data-source-options';
import { TypeOrmAdminTokenRepository } from './repositories/typeorm-admin-token.repository';
import { TypeOrmAppRepository } from './repositories/typeorm-app.repository';
import { TypeOrmProfileRepository } from './repositories/typeorm-profile.repository';

/** The database connection and the TypeORM adapters of the domain's repository ports. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        migrationsRun: config.migrationsRun,
        // A crashed boot should fail fast, not retry for minutes.
        retryAttempts: 2,
        retryDelay: 500,
      }),
    }),
  ],
  providers: [
    repositoryProvider(APP_REPOSITORY, TypeOrmAppRepository),
    repositoryProvider(ADMIN_TOKEN_REPOSITORY, TypeOrmAdminTokenRepository),
    repositoryProvider(PROFILE_REPOSITORY, TypeOrmProfileRepository),
  ],
  exports: [APP_REPOSITORY, ADMIN_TOKEN_REPOSITORY, PROFILE_REPOSITORY],
})
export class PersistenceModule {}
