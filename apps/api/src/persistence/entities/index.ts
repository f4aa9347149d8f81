import { AdminTokenEntity } from './admin-token.entity';
import { AppEntity } from './app.entity';
import { ProfileEntity } from './profile.entity';
import { HealthRecordEntity } from './health-record.entity';
import { PointsDefinitionEntity } from './points-definition.entity';
import { PointsEventEntity } from './points-event.entity';
import { ProfilePointsDayEntity } from './profile-points-day.entity';

export { AdminTokenEntity, AppEntity, ProfileEntity };
export * from './challenge.entity';
export * from './challenge-member.entity';
export * from './team.entity';
export * from './member-period-score.entity';
export * from './challenge-event-outbox.entity';
import { ChallengeEntity } from './challenge.entity';
import { ChallengeMemberEntity, ChallengeOptOutEntity } from './challenge-member.entity';
import { TeamEntity, TeamMemberEntity } from './team.entity';
import { MemberPeriodScoreEntity } from './member-period-score.entity';
import { ChallengeEventOutboxEntity } from './challenge-event-outbox.entity';
import { JobEntity } from './job.entity';
import { LeaderboardChangeEntity } from './leaderboard-change.entity';
export { LeaderboardChangeEntity };
import { PushEndpointEntity } from './push-endpoint.entity';
import { PushDataOutboxEntity } from './push-data-outbox.entity';
import { PushAttemptEntity, PushDeliveryEntity } from './push-delivery.entity';
import { DeviceEntity, NotificationEntity, RecordedPushEntity } from './notification.entity';
import { AppShopEntity, LoyaltyProductEntity } from './loyalty.entity';
export { AppShopEntity, LoyaltyProductEntity };
export { JobEntity };
import { ConnectionAttemptEntity, ConnectionEntity } from './connection.entity';
import { ScoringBacklogEntity } from './scoring-backlog.entity';
export { ScoringBacklogEntity };
export { ConnectionAttemptEntity, ConnectionEntity };
export { HealthRecordEntity, PointsDefinitionEntity, PointsEventEntity, ProfilePointsDayEntity };

/** Every persisted entity; the DataSource lists them explicitly (no globs). */
export const ENTITIES = [AppEntity, AdminTokenEntity, ProfileEntity, HealthRecordEntity, PointsDefinitionEntity, PointsEventEntity,
  ChallengeEntity, ChallengeMemberEntity, ChallengeOptOutEntity, TeamEntity, TeamMemberEntity, MemberPeriodScoreEntity, LeaderboardChangeEntity,
  ChallengeEventOutboxEntity, ProfilePointsDayEntity, JobEntity, ScoringBacklogEntity,
  PushEndpointEntity, PushDataOutboxEntity, PushDeliveryEntity, PushAttemptEntity, ConnectionEntity, ConnectionAttemptEntity,
  DeviceEntity, NotificationEntity, RecordedPushEntity, LoyaltyProductEntity, AppShopEntity];
export * from './push-endpoint.entity';
export * from './push-data-outbox.entity';
export * from './push-delivery.entity';
// Devices and notifications (issue 12)
export { DeviceEntity, NotificationEntity, RecordedPushEntity };
