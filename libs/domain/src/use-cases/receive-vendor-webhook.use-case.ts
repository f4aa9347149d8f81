import { canSync, ConnectionMoves } from '../connections/connection';
import { ConnectionError, ConnectionErrorCode } from '../connections/connection-error';
import { ProviderDirectory } from '../connections/provider-directory';
import { Clock } from '../ports/clock';
import { ConnectionRepository } from '../ports/connection-repository';
import { ProviderError, VendorNotification, VendorWebhookRequest } from '../ports/data-provider';
import { UnitOfWork } from '../ports/unit-of-work';

/** Notifications one webhook request may carry; more is refused (vendors send a few at a time). */
export const MAX_WEBHOOK_NOTIFICATIONS = 1000;

export interface ReceiveVendorWebhookInput {
  readonly slug: string;
  readonly request: VendorWebhookRequest;
}

export type ReceiveVendorWebhookResult =
  | { readonly kind: 'handshake'; readonly status: number; readonly body: string | Readonly<Record<string, unknown>> }
  | { readonly kind: 'accepted'; readonly syncs: number };

/** How far back a notification may send a sync (a forged or odd date cannot ask for more). */
export const MAX_NOTIFIED_LOOKBACK_DAYS = 90;

/**
 * GET|POST connection/{slug}/webhook/: the adapter checks the signature and reads the vendor's
 * notifications; each named vendor account's connections get a connection.sync job (one waiting
 * job per connection absorbs repeats) from the notified date on. A deauthorization notice also
 * just asks for a sync: Strava and Garmin do not sign their notifications, so the notice itself
 * proves nothing; the sync revokes the connection when the vendor refuses its tokens. The work
 * itself runs in the jobs, so this answers fast.
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
    const now = this.clock.now();
    for (const [vendorUserId, from] of earliestPerAccount(answer.notifications, now)) {
      const targets = await this.connections.listByVendorUser(provider.source, vendorUserId);
      for (const target of targets.filter(canSync)) {
        const asked = await this.unitOfWork.run(async (ports) => {
          // Read again inside the transaction: a sync may have saved the connection meanwhile.
          const current = await ports.connections.findById(target.appId, target.id);
          if (current === null || !canSync(current)) return false;
          const rewound = from ? ConnectionMoves.rewind(current, from, now) : current;
          if (rewound !== current) await ports.connections.save(rewound);
          await ports.jobs.enqueue({ type: 'connection.sync', appId: current.appId, connectionId: current.id });
          return true;
        });
        if (asked) syncs++;
      }
    }
    return { kind: 'accepted', syncs };
  }
}

/**
 * One entry per notified account (a request may repeat one), with the earliest valid notified
 * time, clamped to [now - MAX_NOTIFIED_LOOKBACK_DAYS, now]; null when none says when.
 */
function earliestPerAccount(notifications: readonly VendorNotification[], now: Date): Map<string, Date | null> {
  const oldest = now.getTime() - MAX_NOTIFIED_LOOKBACK_DAYS * 86_400_000;
  const accounts = new Map<string, Date | null>();
  for (const { vendorUserId, from } of notifications) {
    const valid = from !== null && Number.isFinite(from.getTime()) ? new Date(Math.min(now.getTime(), Math.max(oldest, from.getTime()))) : null;
    const known = accounts.get(vendorUserId);
    if (known === undefined) accounts.set(vendorUserId, valid);
    else if (valid !== null && (known === null || valid < known)) accounts.set(vendorUserId, valid);
  }
  return accounts;
}
