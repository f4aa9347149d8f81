import { Module, Provider } from '@nestjs/common';
import {
  AddressResolver, Clock, CreatePushEndpointUseCase, DeletePushEndpointUseCase, DeliverPushUseCase, GetPushEndpointUseCase, ListPushDeliveriesUseCase,
  ListPushEndpointsUseCase, PushDeliveryQueue, PushTargetPolicy, RetryPushDeliveryUseCase, RotatePushEndpointSecretUseCase, UpdatePushEndpointUseCase,
  WebhookSender,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { IdentityModule } from '../identity/identity.module';
import { PushDeliveryController } from '../http/push/push-delivery.controller';
import { PushEndpointController } from '../http/push/push-endpoint.controller';
import { TypeOrmPushDeliveryQueue } from '../persistence/delivery/typeorm-push-delivery-queue';
import { TypeOrmPushDeliveryRepository } from '../persistence/delivery/typeorm-push-delivery.repository';
import { TypeOrmPushEndpointRepository } from '../persistence/delivery/typeorm-push-endpoint.repository';
import { TypeOrmPushFanOut } from '../persistence/delivery/typeorm-push-fan-out';
import { APP_CONFIG, CLOCK, ID_GENERATOR } from '../system/tokens';
import { repositoryProvider, useCaseProvider } from '../system/use-case-provider';
import {
  ADDRESS_RESOLVER, PUSH_DELIVERY_QUEUE, PUSH_DELIVERY_REPOSITORY, PUSH_ENDPOINT_REPOSITORY, PUSH_SECRET_GENERATOR, PUSH_TARGET_POLICY, WEBHOOK_SENDER,
} from './delivery.tokens';
import { DnsAddressResolver } from './dns-address-resolver';
import { HttpWebhookSender, WEBHOOK_TIMEOUT_MS } from './http-webhook-sender';
import { PushDispatcher } from './push-dispatcher';
import { RandomPushSecretGenerator } from './random-push-secret-generator';

/** A worker's lease on a claimed delivery: the send timeout and time to record the attempt. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 15_000;

const providers: Provider[] = [
  repositoryProvider(PUSH_ENDPOINT_REPOSITORY, TypeOrmPushEndpointRepository),
  repositoryProvider(PUSH_DELIVERY_REPOSITORY, TypeOrmPushDeliveryRepository),
  repositoryProvider(PUSH_DELIVERY_QUEUE, TypeOrmPushDeliveryQueue),
  { provide: TypeOrmPushFanOut, useFactory: (dataSource: DataSource) => new TypeOrmPushFanOut(dataSource), inject: [DataSource] },
  { provide: ADDRESS_RESOLVER, useClass: DnsAddressResolver },
  { provide: PUSH_SECRET_GENERATOR, useClass: RandomPushSecretGenerator },
  {
    provide: PUSH_TARGET_POLICY,
    useFactory: (config: AppConfig): PushTargetPolicy => ({ allowHttp: config.push.allowHttp, allowPrivateTargets: config.push.allowPrivateTargets }),
    inject: [APP_CONFIG],
  },
  {
    provide: WEBHOOK_SENDER,
    useFactory: (resolver: AddressResolver, policy: PushTargetPolicy, clock: Clock) => new HttpWebhookSender(resolver, policy, clock),
    inject: [ADDRESS_RESOLVER, PUSH_TARGET_POLICY, CLOCK],
  },
  {
    provide: DeliverPushUseCase,
    useFactory: (queue: PushDeliveryQueue, sender: WebhookSender, clock: Clock, config: AppConfig, ids: { uuid(): string }) =>
      new DeliverPushUseCase(queue, sender, clock, { baseMs: config.push.retryBaseMs, random: Math.random }, LEASE_MS, ids),
    inject: [PUSH_DELIVERY_QUEUE, WEBHOOK_SENDER, CLOCK, APP_CONFIG, ID_GENERATOR],
  },
  useCaseProvider(ListPushEndpointsUseCase, PUSH_ENDPOINT_REPOSITORY),
  useCaseProvider(GetPushEndpointUseCase, PUSH_ENDPOINT_REPOSITORY),
  useCaseProvider(CreatePushEndpointUseCase, PUSH_ENDPOINT_REPOSITORY, ADDRESS_RESOLVER, PUSH_SECRET_GENERATOR, ID_GENERATOR, CLOCK, PUSH_TARGET_POLICY),
  useCaseProvider(UpdatePushEndpointUseCase, PUSH_ENDPOINT_REPOSITORY, ADDRESS_RESOLVER, CLOCK, PUSH_TARGET_POLICY),
  useCaseProvider(DeletePushEndpointUseCase, PUSH_ENDPOINT_REPOSITORY),
  useCaseProvider(RotatePushEndpointSecretUseCase, PUSH_ENDPOINT_REPOSITORY, PUSH_SECRET_GENERATOR, CLOCK),
  useCaseProvider(ListPushDeliveriesUseCase, PUSH_DELIVERY_REPOSITORY),
  useCaseProvider(RetryPushDeliveryUseCase, PUSH_DELIVERY_REPOSITORY, CLOCK),
  PushDispatcher,
];

/**
 * Webhooks (issue 12, docs/webhooks.md): the push endpoint and delivery log API, the fan-out
 * from the outboxes, the delivery workers and the signed HTTP sender, bound here.
 */
@Module({
  imports: [IdentityModule],
  controllers: [PushEndpointController, PushDeliveryController],
  providers,
  exports: [PushDispatcher],
})
export class DeliveryModule {}
