import { PushEndpoint } from '../delivery/push-endpoint';
import { PushError } from '../delivery/push-error';
import { PushEndpointRepository } from '../ports/push-endpoint-repository';

/** GET app/push_endpoints/{id}/. */
export class GetPushEndpointUseCase {
  constructor(private readonly endpoints: PushEndpointRepository) {}

  async execute(input: { readonly appId: string; readonly id: string }): Promise<PushEndpoint> {
    const endpoint = await this.endpoints.find(input.appId, input.id);
    if (!endpoint) throw PushError.endpointNotFound(input.id);
    return endpoint;
  }
}
