import { MAX_PUSH_ENDPOINTS_PER_APP, PushEndpoint, PushEndpointFields } from '../delivery/push-endpoint';
import { PushError, PushErrorCode } from '../delivery/push-error';
import { assertAllowedPushUrl, PushTargetPolicy } from '../delivery/push-target';
import { AddressResolver } from '../ports/address-resolver';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { PushEndpointRepository } from '../ports/push-endpoint-repository';
import { PushSecretGenerator } from '../ports/push-secret-generator';

/** POST app/push_endpoints/: a checked callback URL with a new signing secret (returned to the caller once); at most 100 per app. */
export class CreatePushEndpointUseCase {
  constructor(
    private readonly endpoints: PushEndpointRepository,
    private readonly resolver: AddressResolver,
    private readonly secrets: PushSecretGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly policy: PushTargetPolicy,
  ) {}

  async execute(input: { readonly appId: string; readonly fields: PushEndpointFields }): Promise<PushEndpoint> {
    await assertAllowedPushUrl(input.fields.url, this.policy, this.resolver);
    if ((await this.endpoints.list(input.appId)).length >= MAX_PUSH_ENDPOINTS_PER_APP) {
      throw new PushError(PushErrorCode.TooManyEndpoints, `An app has at most ${MAX_PUSH_ENDPOINTS_PER_APP} push endpoints; delete one first.`);
    }
    const now = this.clock.now();
    const endpoint: PushEndpoint = {
      id: this.ids.uuid(),
      appId: input.appId,
      ...input.fields,
      secret: this.secrets.newSecret(),
      previousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.endpoints.save(endpoint);
    return endpoint;
  }
}
