import { Global, Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';

/**
 * The credential guards (`@Auth`, `@ClientAuth`) of every controller authenticate through the
 * identity use cases: global, so that each controller's module can build them.
 */
@Global()
@Module({
  imports: [IdentityModule],
  exports: [IdentityModule],
})
export class AuthModule {}
