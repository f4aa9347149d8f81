import {
  ActivityRepository, AdminTokenRepository, AppRepository, challengeEventKey, ChallengeRepository, ConnectionAttemptRepository, ConnectionRepository,
  EventOutbox, HealthRecordRepository, JobQueue, JobRequest, MembershipRepository, PointsDefinitionRepository,
  PointsEventRepository, PointsLedgerRepository, ProfileRepository, PushEndpointRepository, ScoreRepository, TeamRepository, UnitOfWork, ProductRepository, ShopSettingsRepository,
} from '@strive/domain';
import {
  HealthRecordActivityView, inMemoryScoringBatches, InMemoryAdminTokenRepository, InMemoryAppRepository, InMemoryConnectionAttemptRepository, InMemoryConnectionRepository,
  InMemoryChallengeAnnouncements, InMemoryChallengeRepository, InMemoryDataPushOutbox, InMemoryEventOutbox, InMemoryPushEndpointRepository, InMemoryHealthRecordRepository, InMemoryJobQueue, InMemoryScoringBacklog,
  InMemoryMembershipRepository, InMemoryPointsDefinitionRepository, InMemoryPointsEventRepository, InMemoryPointsLedgerRepository,
  InMemoryProfileRepository, InMemoryScoreRepository, InMemoryTeamRepository, InMemoryUnitOfWork, InMemoryProductRepository,
  InMemoryShopSettingsRepository,
} from '@strive/domain/testing';
import { DataSource } from 'typeorm';
import { DeviceRepository, NotificationRepository } from '@strive/domain';
import { InMemoryDeviceRepository, InMemoryNotificationRepository } from '@strive/domain/testing';
import { TypeOrmDeviceRepository } from '../../../src/persistence/notifications/typeorm-device.repository';
import { TypeOrmNotificationRepository } from '../../../src/persistence/notifications/typeorm-notification.repository';
import { TypeOrmProductRepository } from '../../../src/persistence/loyalty/typeorm-product.repository';
import { TypeOrmShopSettingsRepository } from '../../../src/persistence/loyalty/typeorm-shop-settings.repository';
import { TypeOrmEventOutbox } from '../../../src/persistence/gamification/typeorm-event-outbox.repository';
import { TypeOrmJobQueue } from '../../../src/persistence/jobs/typeorm-job-queue';
import { TypeOrmPushEndpointRepository } from '../../../src/persistence/delivery/typeorm-push-endpoint.repository';
import { TypeOrmUnitOfWork } from '../../../src/persistence/unit-of-work/typeorm-unit-of-work';
import { RandomIdGenerator } from '../../../src/system/random-id-generator';
import { TypeOrmChallengeRepository } from '../../../src/persistence/gamification/typeorm-challenge.repository';
import { TypeOrmMembershipRepository } from '../../../src/persistence/gamification/typeorm-membership.repository';
import { TypeOrmScoreRepository } from '../../../src/persistence/gamification/typeorm-score.repository';
import { TypeOrmTeamRepository } from '../../../src/persistence/gamification/typeorm-team.repository';
import { TypeOrmActivityRepository } from '../../../src/persistence/records/typeorm-activity.repository';
import { TypeOrmAdminTokenRepository } from '../../../src/persistence/identity/typeorm-admin-token.repository';
import { TypeOrmAppRepository } from '../../../src/persistence/identity/typeorm-app.repository';
import { TypeOrmHealthRecordRepository } from '../../../src/persistence/records/typeorm-health-record.repository';
import {
  TypeOrmPointsDefinitionRepository, TypeOrmPointsEventRepository, TypeOrmPointsLedgerRepository,
} from '../../../src/persistence/points/typeorm-points.repository';
import { TypeOrmProfileRepository } from '../../../src/persistence/identity/typeorm-profile.repository';
import { TypeOrmConnectionAttemptRepository } from '../../../src/persistence/connections/typeorm-connection-attempt.repository';
import { TypeOrmConnectionRepository } from '../../../src/persistence/connections/typeorm-connection.repository';

/**
 * Every repository of one store: the contract suites seed through the ports themselves
 * (an app, its profiles, a challenge), so the same test runs on both implementations.
 */
export interface RepositoryWorld {
  readonly apps: AppRepository;
  readonly adminTokens: AdminTokenRepository;
  readonly profiles: ProfileRepository;
  readonly healthRecords: HealthRecordRepository;
  readonly activity: ActivityRepository;
  readonly pointsDefinitions: PointsDefinitionRepository;
  readonly pointsEvents: PointsEventRepository;
  readonly pointsLedger: PointsLedgerRepository;
  readonly challenges: ChallengeRepository;
  readonly teams: TeamRepository;
  readonly memberships: MembershipRepository;
  readonly scores: ScoreRepository;
  readonly pushEndpoints: PushEndpointRepository;
  readonly products: ProductRepository;
  readonly shop: ShopSettingsRepository;
  // The write pipeline's ports.
  readonly outbox: EventOutbox;
  readonly jobs: JobQueue;
  readonly unitOfWork: UnitOfWork;
  /** What the store keeps (read back as the contract needs it): outbox event keys, pending jobs. */
  readonly outboxKeys: () => Promise<string[]>;
  readonly pendingJobs: () => Promise<JobRequest[]>;
  /** The SQL engine, or null in memory (a contract that only a database can keep says so). */
  readonly engine: DataSource | null;
  // Wearable connections (issue 11).
  readonly connections: ConnectionRepository;
  readonly connectionAttempts: ConnectionAttemptRepository;
  // Devices and notifications (issue 12)
  readonly devices: DeviceRepository;
  readonly notifications: NotificationRepository;
}

/**
 * The world's engine when it is a PostgreSQL server (DATABASE_URL), else null: PGlite's one
 * session parses every statement it is sent (the embedded pool drops a prepared statement's name),
 * so what a server's connection keeps is checked on PostgreSQL only.
 */
export function postgresServerOf(world: RepositoryWorld): DataSource | null {
  const engine = world.engine;
  return engine && 'url' in engine.options && engine.options.url ? engine : null;
}

/** The in-memory twins of libs/domain/testing. */
export function inMemoryWorld(): RepositoryWorld {
  const pointsEvents = new InMemoryPointsEventRepository();
  const profiles = new InMemoryProfileRepository();
  const healthRecords = new InMemoryHealthRecordRepository(profiles);
  const pointsDefinitions = new InMemoryPointsDefinitionRepository();
  const pointsLedger = new InMemoryPointsLedgerRepository(pointsEvents);
  const challenges = new InMemoryChallengeRepository();
  const memberships = new InMemoryMembershipRepository();
  const scores = new InMemoryScoreRepository(memberships);
  const outbox = new InMemoryEventOutbox();
  const jobs = new InMemoryJobQueue();
  const announcements = new InMemoryChallengeAnnouncements(challenges);
  const activities = new HealthRecordActivityView(healthRecords);
  const scoringBatches = inMemoryScoringBatches(activities, pointsEvents, scores, memberships, challenges);
  const connections = new InMemoryConnectionRepository();
  const devices = new InMemoryDeviceRepository();
  const notifications = new InMemoryNotificationRepository();
  const unitOfWork = new InMemoryUnitOfWork({
    records: healthRecords, activities, pointsEvents, pointsDefinitions, pointsLedger, profiles, challenges, memberships, scores, outbox, jobs,
    announcements, scoringBatches, scoringBacklog: new InMemoryScoringBacklog(), dataPushes: new InMemoryDataPushOutbox(), connections, devices,
    notifications,
  });
  return {
    apps: new InMemoryAppRepository(),
    adminTokens: new InMemoryAdminTokenRepository(),
    profiles,
    healthRecords,
    activity: activities,
    pointsDefinitions,
    pointsEvents,
    pointsLedger,
    challenges,
    teams: new InMemoryTeamRepository(),
    memberships,
    scores,
    pushEndpoints: new InMemoryPushEndpointRepository(),
    products: new InMemoryProductRepository(),
    shop: new InMemoryShopSettingsRepository(),
    outbox,
    jobs,
    unitOfWork,
    outboxKeys: async () => outbox.events.map((event) => challengeEventKey(event)),
    pendingJobs: async () => [...jobs.pending],
    engine: null,
    connections,
    connectionAttempts: new InMemoryConnectionAttemptRepository(),
    devices,
    notifications,
  };
}

/** The TypeORM adapters of apps/api/src/persistence over one database. */
export function sqlWorld(dataSource: DataSource): RepositoryWorld {
  return {
    apps: new TypeOrmAppRepository(dataSource),
    adminTokens: new TypeOrmAdminTokenRepository(dataSource),
    profiles: new TypeOrmProfileRepository(dataSource),
    healthRecords: new TypeOrmHealthRecordRepository(dataSource),
    activity: new TypeOrmActivityRepository(dataSource),
    pointsDefinitions: new TypeOrmPointsDefinitionRepository(dataSource),
    pointsEvents: new TypeOrmPointsEventRepository(dataSource),
    pointsLedger: new TypeOrmPointsLedgerRepository(dataSource),
    challenges: new TypeOrmChallengeRepository(dataSource),
    teams: new TypeOrmTeamRepository(dataSource),
    memberships: new TypeOrmMembershipRepository(dataSource),
    scores: new TypeOrmScoreRepository(dataSource),
    pushEndpoints: new TypeOrmPushEndpointRepository(dataSource),
    products: new TypeOrmProductRepository(dataSource),
    shop: new TypeOrmShopSettingsRepository(dataSource),
    outbox: new TypeOrmEventOutbox(dataSource, new RandomIdGenerator()),
    jobs: new TypeOrmJobQueue(dataSource),
    unitOfWork: new TypeOrmUnitOfWork(dataSource, new RandomIdGenerator(), { now: () => new Date() }),
    outboxKeys: async () => (await dataSource.query('SELECT dedupe_key FROM challenge_event_outbox ORDER BY created_at, dedupe_key')).map((r: { dedupe_key: string }) => r.dedupe_key),
    pendingJobs: async () => (await dataSource.query(`SELECT payload FROM job WHERE status = 'pending' ORDER BY id`)).map((r: { payload: JobRequest }) => r.payload),
    engine: dataSource,
    connections: new TypeOrmConnectionRepository(dataSource),
    connectionAttempts: new TypeOrmConnectionAttemptRepository(dataSource),
    devices: new TypeOrmDeviceRepository(dataSource),
    notifications: new TypeOrmNotificationRepository(dataSource),
  };
}
