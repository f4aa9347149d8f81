import { PushEndpoint } from '../delivery/push-endpoint';
import { PushError } from '../delivery/push-error';
import { rotatedSecrets } from '../delivery/push-secret';
import { Clock } from '../ports/clock';
import { PushEndpointRepository } from '../ports/push-endpoint-repository';
import { PushSecretGenerator } from '../ports/push-secret-generator';

/** POST app/push_endpoints/{id}/rotate_secret/: a new secret (returned once); the old one keeps signing for 24 hours. */
export class RotatePushEndpointSecretUseCase {
  constructor(
    private readonly endpoints: PushEndpointRepository,
    private readonly secrets: PushSecretGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly appId: string; readonly id: string }): Promise<PushEndpoint> {
    const endpoint = await this.endpoints.find(input.appId, input.id);
    if (!endpoint) throw PushError.endpointNotFound(input.id);
    const now = this.clock.now();
    const rotated: PushEndpoint = { ...endpoint, ...rotatedSecrets(endpoint, this.secrets.newSecret(), now), updatedAt: now };
    await this.endpoints.save(rotated);
    return rotated;
  }
}
