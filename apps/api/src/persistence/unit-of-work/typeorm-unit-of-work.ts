import { Clock, IdGenerator, TransactionPorts, UnitOfWork } from '@strive/domain';
import { DataSource, EntityManager } from 'typeorm';
import { TypeOrmChallengeAnnouncements } from '../gamification/typeorm-challenge-announcements';
import { TypeOrmChallengeRepository } from '../gamification/typeorm-challenge.repository';
import { TypeOrmEventOutbox } from '../gamification/typeorm-event-outbox.repository';
import { TypeOrmMembershipRepository } from '../gamification/typeorm-membership.repository';
import { CountedRanges } from '../gamification/dense-range';
import { TypeOrmScoreRepository } from '../gamification/typeorm-score.repository';
import { TypeOrmScoringBacklog } from '../gamification/typeorm-scoring-backlog';
import { TypeOrmScoringBatchReader } from '../gamification/typeorm-scoring-batch-reader';
import { TypeOrmJobQueue } from '../jobs/typeorm-job-queue';
import { TypeOrmDataPushOutbox } from '../delivery/typeorm-data-push-outbox';
import { TypeOrmActivityRepository } from '../records/typeorm-activity.repository';
import { TypeOrmHealthRecordRepository } from '../records/typeorm-health-record.repository';
import { TypeOrmPointsDefinitionRepository, TypeOrmPointsEventRepository, TypeOrmPointsLedgerRepository } from '../points/typeorm-points.repository';
import { TypeOrmProfileRepository } from '../identity/typeorm-profile.repository';
import { TypeOrmConnectionRepository } from '../connections/typeorm-connection.repository';
import { TypeOrmDeviceRepository } from '../notifications/typeorm-device.repository';
import { TypeOrmNotificationRepository } from '../notifications/typeorm-notification.repository';
import { inTransaction, takeTurns } from '../shared/db';

/**
 * A database transaction handing out the domain's ports built on its manager. `takeTurn` is a
 * transaction-scoped advisory lock on the key (released at commit or rollback). On embedded
 * PGlite (one session) transactions run one after the other anyway; the lock costs nothing there.
 * Inside `run`, only the given ports may be used (another adapter would wait for the one
 * connection forever on PGlite); a run that PostgreSQL aborted to break a deadlock runs again
 * (inTransaction), so `work` keeps its effects to the ports.
 */
export class TypeOrmUnitOfWork implements UnitOfWork {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  run<T>(work: (ports: TransactionPorts) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, (manager) => work(this.portsOf(manager)));
  }

  /** A unit of work that joins a transaction already open (its work runs on that manager). */
  joining(manager: EntityManager): UnitOfWork {
    return { run: (work) => work(this.portsOf(manager)) };
  }

  private portsOf(manager: EntityManager): TransactionPorts {
    // A rescoring batch's read counts its members' id range; its score write finds it here.
    const counted = new CountedRanges();
    return {
      records: new TypeOrmHealthRecordRepository(manager),
      activities: new TypeOrmActivityRepository(manager),
      pointsEvents: new TypeOrmPointsEventRepository(manager),
      pointsDefinitions: new TypeOrmPointsDefinitionRepository(manager),
      pointsLedger: new TypeOrmPointsLedgerRepository(manager),
      profiles: new TypeOrmProfileRepository(manager),
      challenges: new TypeOrmChallengeRepository(manager),
      memberships: new TypeOrmMembershipRepository(manager),
      scores: new TypeOrmScoreRepository(manager, counted),
      outbox: new TypeOrmEventOutbox(manager, this.ids),
      jobs: new TypeOrmJobQueue(manager),
      announcements: new TypeOrmChallengeAnnouncements(manager),
      scoringBatches: new TypeOrmScoringBatchReader(manager, counted),
      scoringBacklog: new TypeOrmScoringBacklog(manager),
      dataPushes: new TypeOrmDataPushOutbox(manager, this.ids, () => this.clock.now()),
      connections: new TypeOrmConnectionRepository(manager),
      devices: new TypeOrmDeviceRepository(manager),
      notifications: new TypeOrmNotificationRepository(manager),
      takeTurn: (...keys) => takeTurns(manager, keys),
    };
  }
}
