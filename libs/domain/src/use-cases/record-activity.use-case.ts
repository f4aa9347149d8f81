import { queueDataPushes } from '../delivery/queue-data-pushes';
import { PointsEvent } from '../points/points-event';
import { HealthRecord } from '../records/health-record';
import { ActivityChange, ActivityChangeListener } from '../ports/activity-change-listener';
import { HealthUpsertResult } from '../ports/health-record-repository';
import { UnitOfWork } from '../ports/unit-of-work';

export interface RecordActivityInput {
  readonly appId: string;
  /** A profile of the app, already looked up and access-checked by the caller. */
  readonly profileId: string;
  /** Validated records of any data type, stored idempotently by (source, type, external_id). */
  readonly records?: readonly HealthRecord[];
  /** Events that award points. */
  readonly events?: readonly PointsEvent[];
}

export interface RecordActivityResult {
  readonly upsert: HealthUpsertResult;
  /** What the listeners were told; null when nothing that counts changed. */
  readonly change: ActivityChange | null;
}

const HOUR_MS = 3_600_000;
const NOTHING: HealthUpsertResult = { counts: {}, written: [] };

/**
 * The one write path of activity data, whatever brought it (an upload, an awarded event, a
 * vendor sync): in one transaction it stores the records and events, runs every
 * ActivityChangeListener (the change queued for scoring) through the same transaction, and queues
 * the data pushes (webhooks) of what it stored. A crash or an error anywhere stores nothing, and
 * neither the change's scoring (points, then challenge scores: ScoreQueuedChangesUseCase, moments
 * later) nor its pushes are ever lost. What the write costs grows with the upload only, never with
 * the profile's history or challenges.
 */
export class RecordActivityUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly listeners: readonly ActivityChangeListener[],
  ) {}

  async execute(input: RecordActivityInput): Promise<RecordActivityResult> {
    const { appId, profileId } = input;
    const records = input.records ?? [];
    const events = input.events ?? [];
    return this.unitOfWork.run(async (ports) => {
      const upsert = records.length > 0 ? await ports.records.upsert(appId, profileId, records) : NOTHING;
      for (const event of events) await ports.pointsEvents.save(event);
      // Every stored record of a pushable type goes out as a webhook, committed with it (issue 12).
      await queueDataPushes(ports, appId, profileId, upsert.written);
      const change = changeOf(input, upsert, events);
      if (change) {
        for (const listener of this.listeners) await listener.activityChanged(change, ports);
      }
      return { upsert, change };
    });
  }
}

/**
 * The instants the written daily summaries, workouts and events touch: a workout its
 * [start, end), a daily summary its date as seen from every time zone (00:00 UTC − 14 h to
 * 24:00 UTC + 12 h), an event its timestamp. Other record types count in no score.
 */
function changeOf(input: RecordActivityInput, upsert: HealthUpsertResult, events: readonly PointsEvent[]): ActivityChange | null {
  let from = Infinity;
  let to = -Infinity;
  const scored = upsert.written.filter((r) => r.type === 'daily_summary' || r.type === 'workout');
  for (const record of scored) {
    if (record.type === 'daily_summary') {
      from = Math.min(from, record.time.getTime() - 14 * HOUR_MS);
      to = Math.max(to, record.time.getTime() + 36 * HOUR_MS);
    } else {
      from = Math.min(from, record.time.getTime());
      to = Math.max(to, Math.max((record.endTime as Date).getTime(), record.time.getTime() + 1));
    }
  }
  for (const event of events) {
    from = Math.min(from, event.timestamp.getTime());
    to = Math.max(to, event.timestamp.getTime() + 1);
  }
  if (from === Infinity) return null;
  const replaced = (upsert.counts.daily_summary?.updated ?? 0) + (upsert.counts.workout?.updated ?? 0) > 0;
  return { appId: input.appId, profileId: input.profileId, from: new Date(from), to: new Date(to), replaced };
}
