import { Module, Provider } from '@nestjs/common';
import {
  CompleteConnectionUseCase, DisconnectConnectionUseCase, IssueConnectionWidgetUseCase, ListConnectionsUseCase, ReceiveVendorWebhookUseCase,
  RecordActivityUseCase, StartConnectionUseCase, SyncConnectionUseCase,
} from '@strive/domain';
import { AppConfig } from '../config/app-config';
import {
  APP_CONFIG, CLOCK, CONNECTION_ATTEMPT_REPOSITORY, CONNECTION_REPOSITORY, CONNECTION_TICKET_SIGNER, ID_GENERATOR, PKCE_CHALLENGER,
  PROFILE_REPOSITORY, PROVIDER_DIRECTORY, TOKEN_CIPHER, TOKEN_GENERATOR, UNIT_OF_WORK,
} from '../system/tokens';
import { useCaseProvider } from '../system/use-case-provider';
import { WritePipelineModule } from '../write-pipeline/write-pipeline.module';
import { AesGcmTokenCipher } from './aes-gcm-token-cipher';
import { resolveConnectionTokenKey } from './connection-token-key';
import { CryptoPkceChallenger } from './crypto-pkce-challenger';
import { HmacConnectionTicketSigner } from './hmac-connection-ticket-signer';
import { VendorConnections } from './vendor-connections';

const CONNECTION_KEY = Symbol('ConnectionTokenKey');

const adapters: Provider[] = [
  { provide: VendorConnections, useFactory: (config: AppConfig) => VendorConnections.start(config), inject: [APP_CONFIG] },
  { provide: PROVIDER_DIRECTORY, useFactory: (vendors: VendorConnections) => vendors.directory, inject: [VendorConnections] },
  {
    provide: CONNECTION_KEY,
    useFactory: (config: AppConfig, vendors: VendorConnections) => resolveConnectionTokenKey(config, vendors.configured),
    inject: [APP_CONFIG, VendorConnections],
  },
  { provide: TOKEN_CIPHER, useFactory: (key: Buffer) => new AesGcmTokenCipher(key), inject: [CONNECTION_KEY] },
  { provide: CONNECTION_TICKET_SIGNER, useFactory: (key: Buffer) => new HmacConnectionTicketSigner(key), inject: [CONNECTION_KEY] },
  { provide: PKCE_CHALLENGER, useClass: CryptoPkceChallenger },
];

const useCases: Provider[] = [
  useCaseProvider(
    StartConnectionUseCase, PROVIDER_DIRECTORY, PROFILE_REPOSITORY, CONNECTION_REPOSITORY, CONNECTION_ATTEMPT_REPOSITORY, CONNECTION_TICKET_SIGNER,
    TOKEN_GENERATOR, PKCE_CHALLENGER, ID_GENERATOR, CLOCK,
  ),
  useCaseProvider(CompleteConnectionUseCase, PROVIDER_DIRECTORY, CONNECTION_ATTEMPT_REPOSITORY, UNIT_OF_WORK, TOKEN_CIPHER, TOKEN_GENERATOR, ID_GENERATOR, CLOCK),
  useCaseProvider(DisconnectConnectionUseCase, PROVIDER_DIRECTORY, PROFILE_REPOSITORY, CONNECTION_REPOSITORY, CONNECTION_TICKET_SIGNER, TOKEN_CIPHER, CLOCK),
  useCaseProvider(ListConnectionsUseCase, PROVIDER_DIRECTORY, PROFILE_REPOSITORY, CONNECTION_REPOSITORY, CONNECTION_TICKET_SIGNER, CLOCK),
  useCaseProvider(IssueConnectionWidgetUseCase, PROFILE_REPOSITORY, CONNECTION_TICKET_SIGNER, CLOCK),
  useCaseProvider(ReceiveVendorWebhookUseCase, PROVIDER_DIRECTORY, CONNECTION_REPOSITORY, UNIT_OF_WORK, CLOCK),
  {
    provide: SyncConnectionUseCase,
    useFactory: (directory, connections, cipher, recordActivity: RecordActivityUseCase, clock, config: AppConfig) =>
      new SyncConnectionUseCase(directory, connections, cipher, recordActivity, clock, { backfillDays: config.connections.backfillDays }),
    inject: [PROVIDER_DIRECTORY, CONNECTION_REPOSITORY, TOKEN_CIPHER, RecordActivityUseCase, CLOCK, APP_CONFIG],
  },
];

/** Wearable connections: the vendor adapters (and the sandbox), token sealing, tickets and the connection use cases. */
@Module({
  imports: [WritePipelineModule],
  providers: [...adapters, ...useCases],
  exports: [
    StartConnectionUseCase, CompleteConnectionUseCase, DisconnectConnectionUseCase, ListConnectionsUseCase, IssueConnectionWidgetUseCase,
    ReceiveVendorWebhookUseCase, SyncConnectionUseCase, PROVIDER_DIRECTORY, VendorConnections,
  ],
})
export class ConnectionsModule {}
