import { canSync, ConnectionMoves } from '../connections/connection';
import { ConnectionError, ConnectionErrorCode } from '../connections/connection-error';
import { ProviderDirectory } from '../connections/provider-directory';
import { Clock } from '../ports/clock';
import { ConnectionRepository } from '../ports/connection-repository';
import { ProviderError, VendorWebhookRequest } from '../ports/data-provider';
import { UnitOfWork } from '../ports/unit-of-work';

/** Notifications one webhook request may carry; more is refused (vendors send a few at a time). */
export const MAX_WEBHOOK_NOTIFICATIONS = 1000;

export interface ReceiveVendorWebhookInput {
  readonly slug: string;
  readonly request: VendorWebhookRequest;
}

export type ReceiveVendorWebhookResult =
  | { readonly kind: 'handshake'; readonly status: number; readonly body: string | Readonly<Record<string, unknown>> }
  | { readonly kind: 'accepted'; readonly syncs: number; readonly revoked: number };

/**
 * GET|POST connection/{slug}/webhook/: the adapter checks the signature and reads the vendor's
 * notifications; each names a vendor account, whose connections get a connection.sync job (one
 * waiting job per connection absorbs repeats) from the notified date on, or are revoked when the
 * person withdrew consent at the vendor. The work itself runs in the jobs, so this answers fast.
 */
export class ReceiveVendorWebhookUseCase {
  constructor(
    private readonly directory: ProviderDirectory,
    private readonly connections: ConnectionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: ReceiveVendorWebhookInput): Promise<ReceiveVendorWebhookResult> {
    const provider = this.directory.require(input.slug);
    let answer;
    try {
      answer = provider.receiveWebhook(input.request);
    } catch (error) {
      if (error instanceof ProviderError) throw new ConnectionError(ConnectionErrorCode.InvalidWebhook, `Webhook refused: ${error.message}`);
      throw error;
    }
    if (answer.kind === 'handshake') return answer;
    if (answer.notifications.length > MAX_WEBHOOK_NOTIFICATIONS) {
      throw new ConnectionError(ConnectionErrorCode.InvalidWebhook, `A webhook carries at most ${MAX_WEBHOOK_NOTIFICATIONS} notifications.`);
    }
    let syncs = 0;
    let revoked = 0;
    for (const notification of answer.notifications) {
      const targets = await this.connections.listByVendorUser(provider.source, notification.vendorUserId);
      for (const target of targets.filter(canSync)) {
        const now = this.clock.now();
        await this.unitOfWork.run(async (ports) => {
          // Read again inside the transaction: a sync may have saved the connection meanwhile.
          const current = await ports.connections.findById(target.appId, target.id);
          if (current === null || !canSync(current)) return;
          if (notification.deauthorized) {
            await ports.connections.save(ConnectionMoves.revoke(current, 'The person withdrew consent at the vendor.', now));
            revoked++;
            return;
          }
          const rewound = notification.from ? ConnectionMoves.rewind(current, notification.from, now) : current;
          if (rewound !== current) await ports.connections.save(rewound);
          await ports.jobs.enqueue({ type: 'connection.sync', appId: current.appId, connectionId: current.id });
          syncs++;
        });
      }
    }
    return { kind: 'accepted', syncs, revoked };
  }
}
