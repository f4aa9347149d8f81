import { changedEndpoint, PushEndpoint, PushEndpointFields } from '../delivery/push-endpoint';
import { PushError } from '../delivery/push-error';
import { assertAllowedPushUrl, PushTargetPolicy } from '../delivery/push-target';
import { AddressResolver } from '../ports/address-resolver';
import { Clock } from '../ports/clock';
import { PushEndpointRepository } from '../ports/push-endpoint-repository';

/** PATCH app/push_endpoints/{id}/: some fields; a new URL is checked as on creation. */
export class UpdatePushEndpointUseCase {
  constructor(
    private readonly endpoints: PushEndpointRepository,
    private readonly resolver: AddressResolver,
    private readonly clock: Clock,
    private readonly policy: PushTargetPolicy,
  ) {}

  async execute(input: { readonly appId: string; readonly id: string; readonly change: Partial<PushEndpointFields> }): Promise<PushEndpoint> {
    const endpoint = await this.endpoints.find(input.appId, input.id);
    if (!endpoint) throw PushError.endpointNotFound(input.id);
    if (input.change.url !== undefined) await assertAllowedPushUrl(input.change.url, this.policy, this.resolver);
    const changed = changedEndpoint(endpoint, input.change, this.clock.now());
    await this.endpoints.save(changed);
    return changed;
  }
}
