import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { IdentityModule } from '../identity/identity.module';
import { AccessGuard } from './access.guard';
import { BasicClientStrategy } from './basic-client.strategy';
import { BearerStrategy } from './bearer.strategy';

@Module({
  imports: [PassportModule, IdentityModule],
  providers: [BasicClientStrategy, BearerStrategy, AccessGuard],
  exports: [AccessGuard],
})
export class AuthModule {}
