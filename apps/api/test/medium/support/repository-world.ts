import {
  ActivityRepository, AdminTokenRepository, AppRepository, ChallengeRepository, HealthRecordRepository, MembershipRepository,
  PointsDefinitionRepository, PointsEventRepository, PointsLedgerRepository, ProfileRepository, ScoreRepository, TeamRepository,
} from '@strive/domain';
import {
  InMemoryActivityRepository, InMemoryAdminTokenRepository, InMemoryAppRepository, InMemoryChallengeRepository,
  InMemoryHealthRecordRepository, InMemoryMembershipRepository, InMemoryPointsDefinitionRepository, InMemoryPointsEventRepository,
  InMemoryPointsLedgerRepository, InMemoryProfileRepository, InMemoryScoreRepository, InMemoryTeamRepository,
} from '@strive/domain/testing';
import { DataSource } from 'typeorm';
import { TypeOrmChallengeRepository } from '../../../src/persistence/gamification/typeorm-challenge.repository';
import { TypeOrmMembershipRepository } from '../../../src/persistence/gamification/typeorm-membership.repository';
import { TypeOrmScoreRepository } from '../../../src/persistence/gamification/typeorm-score.repository';
import { TypeOrmTeamRepository } from '../../../src/persistence/gamification/typeorm-team.repository';
import { TypeOrmActivityRepository } from '../../../src/persistence/repositories/typeorm-activity.repository';
import { TypeOrmAdminTokenRepository } from '../../../src/persistence/repositories/typeorm-admin-token.repository';
import { TypeOrmAppRepository } from '../../../src/persistence/repositories/typeorm-app.repository';
import { TypeOrmHealthRecordRepository } from '../../../src/persistence/repositories/typeorm-health-record.repository';
import {
  TypeOrmPointsDefinitionRepository, TypeOrmPointsEventRepository, TypeOrmPointsLedgerRepository,
} from '../../../src/persistence/repositories/typeorm-points.repository';
import { TypeOrmProfileRepository } from '../../../src/persistence/repositories/typeorm-profile.repository';

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
}

/** The in-memory twins of libs/domain/testing. */
export function inMemoryWorld(): RepositoryWorld {
  const pointsEvents = new InMemoryPointsEventRepository();
  return {
    apps: new InMemoryAppRepository(),
    adminTokens: new InMemoryAdminTokenRepository(),
    profiles: new InMemoryProfileRepository(),
    healthRecords: new InMemoryHealthRecordRepository(),
    activity: new InMemoryActivityRepository(),
    pointsDefinitions: new InMemoryPointsDefinitionRepository(),
    pointsEvents,
    pointsLedger: new InMemoryPointsLedgerRepository(pointsEvents),
    challenges: new InMemoryChallengeRepository(),
    teams: new InMemoryTeamRepository(),
    memberships: new InMemoryMembershipRepository(),
    scores: new InMemoryScoreRepository(),
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
  };
}
