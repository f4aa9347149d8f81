import { InitialSchema1795239786593 } from './1795239786593-InitialSchema';
import { DataPlatform1795240938177 } from './1795240938177-DataPlatform';
import { Gamification1795240986110 } from './1795240986110-Gamification';
import { LedgerWithoutForeignKey1795249000000 } from './1795249000000-LedgerWithoutForeignKey';
import { JobsAndAnnouncements1795400000000 } from './1795400000000-JobsAndAnnouncements';
import { Connections1795500000000 } from './1795500000000-Connections';
import { PushDelivery1795510000000 } from './1795510000000-PushDelivery';
import { DevicesAndNotifications1795520000000 } from './1795520000000-DevicesAndNotifications';
import { Loyalty1795530000000 } from './1795530000000-Loyalty';
import { AppFeatures1795540000000 } from './1795540000000-AppFeatures';
import { LeaderboardChanges1795550000000 } from './1795550000000-LeaderboardChanges';
import { RepetitionState1795551000000 } from './1795551000000-RepetitionState';
import { ScoreFillFactor1795570000000 } from './1795570000000-ScoreFillFactor';
import { ChallengeChangeNotify1795580000000 } from './1795580000000-ChallengeChangeNotify';
import { BearerRevokedNotify1795590000000 } from './1795590000000-BearerRevokedNotify';
import { ScoresWithoutForeignKeys1795600000000 } from './1795600000000-ScoresWithoutForeignKeys';
import { MemberTotals1795600000001 } from './1795600000001-MemberTotals';
import { RecordsWithoutForeignKey1795600000002 } from './1795600000002-RecordsWithoutForeignKey';
import { LeaderboardChangeMemberLists1795600000003 } from './1795600000003-LeaderboardChangeMemberLists';
import { ScoringBacklog1795600000004 } from './1795600000004-ScoringBacklog';
import { LeaderboardChangePeriods1795600000005 } from './1795600000005-LeaderboardChangePeriods';
import { MemberFillFactor1795600000006 } from './1795600000006-MemberFillFactor';
import { ScoresByPeriod1795600000007 } from './1795600000007-ScoresByPeriod';
import { DailySummaryIndex1795600000008 } from './1795600000008-DailySummaryIndex';
import { QueuedPoints1795600000009 } from './1795600000009-QueuedPoints';
import { ProfileById1795600000010 } from './1795600000010-ProfileById';
import { DailySummaryCovering1795600000011 } from './1795600000011-DailySummaryCovering';
import { FiredThresholdCount1795600000012 } from './1795600000012-FiredThresholdCount';

/** Every migration in order; the DataSource lists them explicitly (no globs). */
export const MIGRATIONS = [
  InitialSchema1795239786593, DataPlatform1795240938177, Gamification1795240986110, LedgerWithoutForeignKey1795249000000,
  JobsAndAnnouncements1795400000000,
  Connections1795500000000,
  PushDelivery1795510000000,
  DevicesAndNotifications1795520000000,
  Loyalty1795530000000,
  AppFeatures1795540000000,
  LeaderboardChanges1795550000000,
  RepetitionState1795551000000,
  ScoreFillFactor1795570000000,
  ChallengeChangeNotify1795580000000,
  BearerRevokedNotify1795590000000,
  ScoresWithoutForeignKeys1795600000000,
  MemberTotals1795600000001,
  RecordsWithoutForeignKey1795600000002,
  LeaderboardChangeMemberLists1795600000003,
  ScoringBacklog1795600000004,
  LeaderboardChangePeriods1795600000005,
  MemberFillFactor1795600000006,
  ScoresByPeriod1795600000007,
  DailySummaryIndex1795600000008,
  QueuedPoints1795600000009,
  ProfileById1795600000010,
  DailySummaryCovering1795600000011,
  FiredThresholdCount1795600000012,
];
