import { DataPush } from '../src/delivery/data-push';
import { DataPushType } from '../src/delivery/push-endpoint';
import { DataPushOutbox } from '../src/ports/data-push-outbox';

/** Keeps the appended pushes in order; `subscribe` stands for an app's active endpoint of a type. */
export class InMemoryDataPushOutbox implements DataPushOutbox {
  readonly pushes: DataPush[] = [];
  private readonly subscriptions = new Map<string, Set<DataPushType>>();

  subscribe(appId: string, type: DataPushType): void {
    this.subscriptions.set(appId, new Set([...(this.subscriptions.get(appId) ?? []), type]));
  }

  async subscribedTypes(appId: string): Promise<DataPushType[]> {
    return [...(this.subscriptions.get(appId) ?? [])];
  }

  async append(pushes: readonly DataPush[]): Promise<void> {
    this.pushes.push(...pushes);
  }
}
