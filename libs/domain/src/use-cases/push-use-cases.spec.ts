import { FixedClock } from '../../testing/fixed-clock';
import { InMemoryPushEndpointRepository } from '../../testing/in-memory-push-endpoint-repository';
import { SequentialIdGenerator } from '../../testing/sequential-id-generator';
import { PushAttempt, PushDelivery } from '../delivery/push-delivery';
import { PushEndpoint } from '../delivery/push-endpoint';
import { PushErrorCode } from '../delivery/push-error';
import { ClaimedPushDelivery, PushDeliveryQueue } from '../ports/push-delivery-queue';
import { WebhookRequest, WebhookSender } from '../ports/webhook-sender';
import { CreatePushEndpointUseCase } from './create-push-endpoint.use-case';
import { DeletePushEndpointUseCase } from './delete-push-endpoint.use-case';
import { DeliverPushUseCase } from './deliver-push.use-case';
import { GetPushEndpointUseCase } from './get-push-endpoint.use-case';
import { ListPushEndpointsUseCase } from './list-push-endpoints.use-case';
import { RotatePushEndpointSecretUseCase } from './rotate-push-endpoint-secret.use-case';
import { UpdatePushEndpointUseCase } from './update-push-endpoint.use-case';

const STRICT = { allowHttp: false, allowPrivateTargets: false };
const resolver = (table: Record<string, string[]>) => ({ resolve: async (host: string) => table[host] ?? [] });
const secrets = () => {
  let n = 0;
  return { newSecret: () => `whsec_secret${++n}` };
};

describe('push endpoint use cases', () => {
  const clock = new FixedClock('2026-05-01T08:00:00Z');
  const dns = resolver({ 'hooks.example.com': ['93.184.216.34'], 'sneaky.example.com': ['10.0.0.7'] });

  it('creates an endpoint with a new secret after checking where its host resolves', async () => {
    const endpoints = new InMemoryPushEndpointRepository();
    const create = new CreatePushEndpointUseCase(endpoints, dns, secrets(), new SequentialIdGenerator(), clock, STRICT);
    const created = await create.execute({ appId: 'a1', fields: { dataType: 'challenge', url: 'https://hooks.example.com/in', active: true, version: 'V1' } });
    expect(created).toMatchObject({ id: '00000000-0000-4000-8000-000000000001', secret: 'whsec_secret1', failingSince: null, createdAt: clock.now() });
    expect(await endpoints.list('a1')).toEqual([created]);

    await expect(create.execute({ appId: 'a1', fields: { dataType: 'challenge', url: 'https://sneaky.example.com/in', active: true, version: 'V1' } })).rejects.toMatchObject({
      code: PushErrorCode.ForbiddenTarget,
    });
    expect(await endpoints.list('a1')).toHaveLength(1);
  });

  it('refuses a 101st endpoint of an app', async () => {
    const endpoints = new InMemoryPushEndpointRepository();
    const create = new CreatePushEndpointUseCase(endpoints, dns, secrets(), new SequentialIdGenerator(), clock, STRICT);
    const fields = { dataType: 'activity' as const, url: 'https://hooks.example.com/in', active: true, version: 'V1' as const };
    for (let i = 0; i < 100; i++) await create.execute({ appId: 'a1', fields });
    await expect(create.execute({ appId: 'a1', fields })).rejects.toMatchObject({ code: PushErrorCode.TooManyEndpoints });
    await expect(create.execute({ appId: 'a2', fields })).resolves.toMatchObject({ appId: 'a2' });
  });

  it("changes and rotates only the app's own endpoint", async () => {
    const endpoints = new InMemoryPushEndpointRepository();
    const created = await new CreatePushEndpointUseCase(endpoints, dns, secrets(), new SequentialIdGenerator(), clock, STRICT).execute({
      appId: 'a1', fields: { dataType: 'activity', url: 'https://hooks.example.com/in', active: true, version: 'V1' },
    });
    const update = new UpdatePushEndpointUseCase(endpoints, dns, clock, STRICT);
    await expect(update.execute({ appId: 'a2', id: created.id, change: { active: false } })).rejects.toMatchObject({ code: PushErrorCode.EndpointNotFound });
    await expect(update.execute({ appId: 'a1', id: created.id, change: { url: 'http://hooks.example.com/' } })).rejects.toMatchObject({ code: PushErrorCode.InvalidUrl });
    expect(await update.execute({ appId: 'a1', id: created.id, change: { dataType: 'workout' } })).toMatchObject({ dataType: 'workout', url: 'https://hooks.example.com/in' });

    clock.set('2026-05-02T08:00:00Z');
    const rotated = await new RotatePushEndpointSecretUseCase(endpoints, { newSecret: () => 'whsec_new' }, clock).execute({ appId: 'a1', id: created.id });
    expect(rotated).toMatchObject({ secret: 'whsec_new', previousSecret: created.secret, previousSecretExpiresAt: new Date('2026-05-03T08:00:00Z') });
    await expect(new RotatePushEndpointSecretUseCase(endpoints, secrets(), clock).execute({ appId: 'a2', id: created.id })).rejects.toMatchObject({
      code: PushErrorCode.EndpointNotFound,
    });
  });

  it("reads and deletes only the app's own endpoint", async () => {
    const endpoints = new InMemoryPushEndpointRepository();
    const created = await new CreatePushEndpointUseCase(endpoints, dns, secrets(), new SequentialIdGenerator(), clock, STRICT).execute({
      appId: 'a1', fields: { dataType: 'activity', url: 'https://93.184.216.34/in', active: true, version: 'V1' },
    });
    await expect(new GetPushEndpointUseCase(endpoints).execute({ appId: 'a2', id: created.id })).rejects.toMatchObject({ code: PushErrorCode.EndpointNotFound });
    await expect(new DeletePushEndpointUseCase(endpoints).execute({ appId: 'a2', id: created.id })).rejects.toMatchObject({ code: PushErrorCode.EndpointNotFound });
    expect(await new GetPushEndpointUseCase(endpoints).execute({ appId: 'a1', id: created.id })).toEqual(created);
    await new DeletePushEndpointUseCase(endpoints).execute({ appId: 'a1', id: created.id });
    expect(await new ListPushEndpointsUseCase(endpoints).execute({ appId: 'a1' })).toEqual([]);
  });
});

describe(DeliverPushUseCase.name, () => {
  const clock = new FixedClock('2026-05-01T08:00:00Z');
  const endpoint: PushEndpoint = {
    id: 'e1', appId: 'a1', dataType: 'challenge', url: 'https://hooks.example.com/in', active: true, version: 'V1', secret: 'whsec_new',
    previousSecret: 'whsec_old', previousSecretExpiresAt: new Date('2026-05-01T20:00:00Z'), failingSince: null, disabledReason: null,
    createdAt: new Date('2026-04-01T00:00:00Z'), updatedAt: new Date('2026-04-01T00:00:00Z'),
  };
  const delivery: PushDelivery = {
    id: 'd1', appId: 'a1', endpointId: 'e1', eventId: 'ev1', dataType: 'challenge', event: 'challenge_start', status: 'pending', attempts: 0,
    nextAttemptAt: clock.now(), windowStart: clock.now(), lastError: null, deliveredAt: null, createdAt: clock.now(),
  };

  /** One claimable delivery; records what completes it. */
  class OneDeliveryQueue implements PushDeliveryQueue {
    claimed = false;
    completed: { delivery: PushDelivery; attempt: PushAttempt; endpoint: PushEndpoint }[] = [];

    async claim(_now: Date, _leaseMs: number, leaseToken: string): Promise<ClaimedPushDelivery | null> {
      if (this.claimed) return null;
      this.claimed = true;
      return { delivery, endpoint, body: '{"event":"challenge_start"}', leaseToken };
    }

    async complete(_claimed: ClaimedPushDelivery, attempt: PushAttempt, after: PushDelivery, endpointAfter: (e: PushEndpoint) => PushEndpoint): Promise<boolean> {
      this.completed.push({ delivery: after, attempt, endpoint: endpointAfter(endpoint) });
      return true;
    }
  }

  const sender = (statusCode: number | null): WebhookSender & { sent: WebhookRequest[] } => {
    const sent: WebhookRequest[] = [];
    return { sent, send: async (request) => (sent.push(request), { at: clock.now(), statusCode, latencyMs: 5, error: statusCode === null ? 'no answer within 15 s' : null }) };
  };

  it('signs with both secrets during a rotation, under the event webhook-id, and records the delivery', async () => {
    const queue = new OneDeliveryQueue();
    const http = sender(200);
    const deliver = new DeliverPushUseCase(queue, http, clock, { baseMs: 5_000, random: () => 0 }, 30_000, new SequentialIdGenerator());

    expect(await deliver.execute()).toBe('delivered');
    expect(await deliver.execute()).toBeNull();
    expect(http.sent).toEqual([
      { url: 'https://hooks.example.com/in', webhookId: 'msg_ev1', timestamp: clock.now(), body: '{"event":"challenge_start"}', secrets: ['whsec_new', 'whsec_old'] },
    ]);
    expect(queue.completed[0].delivery).toMatchObject({ status: 'delivered', attempts: 1, deliveredAt: clock.now() });
    expect(queue.completed[0].endpoint).toBe(endpoint);
  });

  it('schedules a retry and starts the endpoint failure streak when there is no answer', async () => {
    const queue = new OneDeliveryQueue();
    await new DeliverPushUseCase(queue, sender(null), clock, { baseMs: 5_000, random: () => 0 }, 30_000, new SequentialIdGenerator()).execute();
    // first failure, random 0: half of 5 s
    expect(queue.completed[0].delivery).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: new Date('2026-05-01T08:00:02.500Z'), lastError: 'no answer within 15 s' });
    expect(queue.completed[0].endpoint).toMatchObject({ failingSince: clock.now(), active: true });
  });
});
