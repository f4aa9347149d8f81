import { PushEndpoint } from '../delivery/push-endpoint';
import { PushEndpointRepository } from '../ports/push-endpoint-repository';

/** GET app/push_endpoints/: every endpoint of the app, oldest first (an app has a handful). */
export class ListPushEndpointsUseCase {
  constructor(private readonly endpoints: PushEndpointRepository) {}

  execute(input: { readonly appId: string }): Promise<PushEndpoint[]> {
    return this.endpoints.list(input.appId);
  }
}
