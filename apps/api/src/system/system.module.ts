import { Global, Module } from '@nestjs/common';
import { loadConfig } from '../config/app-config';
import { CryptoTokenGenerator } from './crypto-token-generator';
import { RandomIdGenerator } from './random-id-generator';
import { SystemClock } from './system-clock';
import { APP_CONFIG, CLOCK, ID_GENERATOR, TOKEN_GENERATOR } from './tokens';

/** Configuration and the system adapters (clock, ids, secrets) every module uses. */
@Global()
@Module({
  providers: [
    { provide: APP_CONFIG, useFactory: () => loadConfig(process.env) },
    { provide: CLOCK, useClass: SystemClock },
    { provide: ID_GENERATOR, useClass: RandomIdGenerator },
    { provide: TOKEN_GENERATOR, useClass: CryptoTokenGenerator },
  ],
  exports: [APP_CONFIG, CLOCK, ID_GENERATOR, TOKEN_GENERATOR],
})
export class SystemModule {}
