import { PushError } from '../delivery/push-error';
import { PushEndpointRepository } from '../ports/push-endpoint-repository';

/** DELETE app/push_endpoints/{id}/: the endpoint with its delivery log; nothing more is sent to it. */
export class DeletePushEndpointUseCase {
  constructor(private readonly endpoints: PushEndpointRepository) {}

  async execute(input: { readonly appId: string; readonly id: string }): Promise<void> {
    if (!(await this.endpoints.delete(input.appId, input.id))) throw PushError.endpointNotFound(input.id);
  }
}
