import { ActivityRepository } from './activity-repository';
import { ChallengeAnnouncements } from './challenge-announcements';
import { ChallengeRepository } from './challenge-repository';
import { DataPushOutbox } from './data-push-outbox';
import { ConnectionRepository } from './connection-repository';
import { EventOutbox } from './event-outbox';
import { HealthRecordRepository } from './health-record-repository';
import { JobQueue } from './job-queue';
import { MembershipRepository } from './membership-repository';
import { PointsLedgerRepository } from './points-ledger-repository';
import { PointsEventRepository } from './points-event-repository';
import { PointsDefinitionRepository } from './points-repository';
import { ProfileRepository } from './profile-repository';
import { ScoreRepository } from './score-repository';
import { ScoringBacklog } from './scoring-backlog';
import { ScoringBatchReader } from './scoring-batch-reader';
import { DeviceRepository } from './device-repository';
import { NotificationRepository } from './notification-repository';

/** The ports a unit of work hands out: every read and write through them is part of its transaction. */
export interface TransactionPorts {
  readonly records: HealthRecordRepository;
  /** The scoring view of the stored daily summaries and workouts. */
  readonly activities: Pick<ActivityRepository, 'listDailySummaries' | 'listWorkouts'>;
  readonly pointsEvents: PointsEventRepository;
  readonly pointsDefinitions: PointsDefinitionRepository;
  readonly pointsLedger: PointsLedgerRepository;
  readonly profiles: ProfileRepository;
  readonly challenges: ChallengeRepository;
  readonly memberships: MembershipRepository;
  readonly scores: ScoreRepository;
  readonly outbox: EventOutbox;
  readonly jobs: JobQueue;
  readonly announcements: ChallengeAnnouncements;
  readonly scoringBatches: ScoringBatchReader;
  /** Changes whose challenge scores are due (written by uploads, taken by the scoring worker). */
  readonly scoringBacklog: ScoringBacklog;
  /** Data pushes of the stored records (webhooks), released to the endpoints later. */
  readonly dataPushes: DataPushOutbox;
  /** Wearable connections (a connect saves its tokens and asks for the backfill in one transaction). */
  readonly connections: ConnectionRepository;
  // Devices and notifications (issue 12)
  readonly devices: DeviceRepository;
  readonly notifications: NotificationRepository;
  /**
   * From here to the commit, work that names the same key takes turns: this waits until every
   * transaction that took the key earlier has committed, so what it reads next includes their
   * writes (e.g. `profile:<id>`: two uploads of one profile never count its points or scores
   * from each other's half). Several keys are taken in one sorted order (no deadlock between two
   * takers). Take it as late as correctness allows: writes before it run side by side.
   */
  takeTurn(...keys: string[]): Promise<void>;
}

/**
 * The turn of a profile's derived rows (its points and its challenge scores): every writer of them
 * takes it, and so does the profile's deletion, so no score is written for a profile deleted
 * meanwhile (scores have no foreign keys: docs/decisions.md "Scores have no foreign keys").
 */
export const profileTurn = (profileId: string): string => `profile:${profileId}`;

/**
 * Runs work in one transaction: all of it commits, or none of it (a thrown error rolls back). An
 * adapter may run `work` again from the start when the database aborted the transaction for
 * another (a deadlock), so `work` keeps its effects to the ports and returns what the caller needs.
 */
export interface UnitOfWork {
  run<T>(work: (ports: TransactionPorts) => Promise<T>): Promise<T>;
}
