import { defaultPointsDefinition } from '../points/points-definition';
import { HealthRecord } from '../records/health-record';
import { TransactionPorts } from '../ports/unit-of-work';
import { dataPushesOf, PUSH_TYPES_OF_RECORD } from './data-push';

/**
 * Writes the data pushes of freshly stored records to the outbox, in the transaction that stores
 * them. Costs one indexed read when the app has no active data endpoint (most apps).
 */
export async function queueDataPushes(ports: TransactionPorts, appId: string, profileId: string, written: readonly HealthRecord[]): Promise<void> {
  if (!written.some((record) => PUSH_TYPES_OF_RECORD[record.type].length > 0)) return;
  const subscribed = new Set(await ports.dataPushes.subscribedTypes(appId));
  if (subscribed.size === 0) return;
  const definition = subscribed.has('activity') || subscribed.has('daily_summary') || subscribed.has('workout')
    ? ((await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId))
    : defaultPointsDefinition(appId);
  const pushes = dataPushesOf(appId, profileId, written, subscribed, definition);
  if (pushes.length > 0) await ports.dataPushes.append(pushes);
}
