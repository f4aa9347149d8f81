import { DailySummary, Workout } from '../src/records/activity-records';
import { dailySummaryOf, workoutOf } from '../src/records/health-activity';
import { Profile } from '../src/identity/profile';
import { Challenge } from '../src/challenge/challenge';
import { storedPeriodsRead } from '../src/challenge/repetition';
import { ActivityRepository, RecordDateRange, RecordTimeRange } from '../src/ports/activity-repository';
import { PointsEventRepository } from '../src/ports/points-event-repository';
import { ScoreRepository } from '../src/ports/score-repository';
import { ChallengeRepository } from '../src/ports/challenge-repository';
import { MembershipRepository } from '../src/ports/membership-repository';
import { EnrolledChallenge, ProfileScoringBatch, ScoringBatchReader } from '../src/ports/scoring-batch-reader';
import { TransactionPorts, UnitOfWork } from '../src/ports/unit-of-work';
import { DeduplicatedActivityHistory, WORKOUT_LOOK_BEHIND_MS } from '../src/records/deduplicated-activity-history';
import { gamificationWorld } from './gamification-world';
import { InMemoryChallengeAnnouncements } from './in-memory-challenge-announcements';
import { InMemoryDataPushOutbox } from './in-memory-data-push-outbox';
import { InMemoryEventOutbox } from './in-memory-event-outbox';
import { InMemoryHealthRecordRepository } from './in-memory-health-record-repository';
import { InMemoryJobQueue } from './in-memory-job-queue';
import { InMemoryPointsLedgerRepository } from './in-memory-points-ledger-repository';
import { InMemoryScoreRepository } from './in-memory-score-repository';
import { InMemoryScoringBacklog } from './in-memory-scoring-backlog';
import { InMemoryConnectionRepository } from './in-memory-connection-repository';
import { InMemoryDeviceRepository } from './in-memory-device-repository';
import { InMemoryNotificationRepository } from './in-memory-notification-repository';

/** The scoring view of stored health records, as the SQL adapter derives it from the same rows. */
export class HealthRecordActivityView implements Pick<ActivityRepository, 'listDailySummaries' | 'listWorkouts'> {
  /** `appId`: only that app's records (a batch reader's, as the SQL adapter reads them); every app's when null. */
  constructor(private readonly records: InMemoryHealthRecordRepository, private readonly appId: string | null = null) {}

  ofApp(appId: string): HealthRecordActivityView {
    return new HealthRecordActivityView(this.records, appId);
  }

  async listDailySummaries(profileId: string, range: RecordDateRange = {}): Promise<DailySummary[]> {
    return this.rowsOf(profileId, 'daily_summary')
      .map((row) => dailySummaryOf(profileId, row))
      .filter((s) => (range.fromDate === undefined || s.date >= range.fromDate) && (range.toDate === undefined || s.date <= range.toDate));
  }

  async listWorkouts(profileId: string, range: RecordTimeRange = {}): Promise<Workout[]> {
    return this.rowsOf(profileId, 'workout')
      .map((row) => workoutOf(profileId, row))
      .filter((w) => (range.from === undefined || w.start >= range.from) && (range.to === undefined || w.start <= range.to));
  }

  /** In (time, source, external id) order, as the SQL adapter reads them. */
  private rowsOf(profileId: string, type: 'daily_summary' | 'workout') {
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return [...this.records.rows.values()]
      .filter((row) => row.profileId === profileId && row.type === type && (this.appId === null || row.appId === this.appId))
      .sort((a, b) => a.time.getTime() - b.time.getTime() || text(a.source, b.source) || text(a.externalId, b.externalId));
  }
}

/**
 * Runs work with the in-memory ports at once. It records the turns taken (`takeTurn` keys); it
 * does not roll back (rollback is the database's: the medium and end-to-end tiers test it).
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  readonly turns: string[] = [];
  runs = 0;

  constructor(private readonly ports: Omit<TransactionPorts, 'takeTurn'>) {}

  async run<T>(work: (ports: TransactionPorts) => Promise<T>): Promise<T> {
    this.runs++;
    return work({ ...this.ports, takeTurn: async (...keys) => void this.turns.push(...keys) });
  }
}

/**
 * Every port of the write path on in-memory adapters that share their data (records written
 * through `records` are what scoring reads through `activities`), the unit of work over them, and
 * a batch reader. The clock starts on 2026-03-04 10:00 UTC, as gamificationWorld's.
 */
export function writeWorld(options: { challenges?: Challenge[]; profiles?: Profile[] } = {}) {
  const world = gamificationWorld(options);
  const records = new InMemoryHealthRecordRepository(world.profiles);
  const activities = new HealthRecordActivityView(records);
  const scores = new InMemoryScoreRepository(world.memberships);
  const outbox = new InMemoryEventOutbox();
  const jobs = new InMemoryJobQueue();
  const pointsLedger = new InMemoryPointsLedgerRepository(world.pointsEvents);
  const announcements = new InMemoryChallengeAnnouncements(world.challenges);
  const scoringBatches = inMemoryScoringBatches(activities, world.pointsEvents, scores, world.memberships, world.challenges);
  const dataPushes = new InMemoryDataPushOutbox();
  const scoringBacklog = new InMemoryScoringBacklog();
  const connections = new InMemoryConnectionRepository();
  const devices = new InMemoryDeviceRepository();
  const notifications = new InMemoryNotificationRepository();
  const ports: Omit<TransactionPorts, 'takeTurn'> = {
    records, activities, pointsEvents: world.pointsEvents, pointsDefinitions: world.pointsDefinitions, pointsLedger,
    profiles: world.profiles, challenges: world.challenges, memberships: world.memberships, scores, outbox, jobs, announcements,
    scoringBatches, scoringBacklog, dataPushes, connections, devices, notifications,
  };
  return {
    ...world, connections, devices, notifications, scoringBacklog, records, activities, scores, outbox, dataPushes, jobs, pointsLedger, announcements, ports, unitOfWork: new InMemoryUnitOfWork(ports),
  };
}

/**
 * The batch reader over in-memory stores: the members' de-duplicated activity and stored scores of
 * the periods a rescore of the span reads (storedPeriodsRead; or a profile's request), as the SQL
 * adapter reads them.
 */
export function inMemoryScoringBatches(
  activities: HealthRecordActivityView,
  pointsEvents: PointsEventRepository,
  scores: ScoreRepository,
  memberships: MembershipRepository,
  challenges: ChallengeRepository,
): ScoringBatchReader {
  const within = (t: Date, from: Date, to: Date) => t.getTime() >= from.getTime() && t.getTime() <= to.getTime();
  return {
    read: async (challenge, profileIds, span) => {
      const wanted = new Set(profileIds);
      const { firstIndex, lastIndex } = storedPeriodsRead(challenge, span.firstIndex, span.lastIndex);
      return {
        history: new DeduplicatedActivityHistory(activities.ofApp(challenge.appId), pointsEvents),
        scores: {
          findForMember: async (challengeId, profileId, periodIndexes) =>
            wanted.has(profileId)
              ? (await scores.findForMember(challengeId, profileId, periodIndexes)).filter((s) => s.periodIndex >= firstIndex && s.periodIndex <= lastIndex)
              : [],
        },
      };
    },
    enrolledChallenges: async (appId, profileId) => {
      const enrolled: EnrolledChallenge[] = [];
      for (const member of await memberships.listByProfile(profileId)) {
        const challenge = await challenges.findById(appId, member.challengeId);
        if (challenge) enrolled.push({ challenge, member });
      }
      return enrolled.sort((a, b) => a.challenge.start.getTime() - b.challenge.start.getTime() || (a.challenge.id < b.challenge.id ? -1 : 1));
    },
    readProfile: async (appId, owner, request) => {
      const { dates, workouts, events } = request;
      const ofApp = activities.ofApp(appId);
      const lookBehind = workouts ? new Date(workouts.from.getTime() - WORKOUT_LOOK_BEHIND_MS) : null;
      const mine = (profileId: string) => profileId === owner;
      const records: ProfileScoringBatch['records'] = {
        listDailySummaries: async (profileId, range) =>
          dates && mine(profileId)
            ? (await ofApp.listDailySummaries(profileId, range)).filter((s) => s.date >= dates.first && s.date <= dates.last)
            : [],
        listWorkouts: async (profileId, range) =>
          workouts && lookBehind && mine(profileId)
            ? (await ofApp.listWorkouts(profileId, range)).filter((w) => within(w.start, lookBehind, workouts.to))
            : [],
      };
      return {
        records,
        history: new DeduplicatedActivityHistory(
          records,
          {
            listByProfile: async (profileId, range) =>
              mine(profileId) ? (await pointsEvents.listByProfile(profileId, range)).filter((e) => within(e.timestamp, events.from, events.to)) : [],
          },
        ),
        scores: {
          findForMember: async (challengeId, profileId, periodIndexes) => {
            const wanted = request.scores.find((r) => r.challengeId === challengeId);
            if (!wanted || !mine(profileId)) return [];
            return (await scores.findForMember(challengeId, profileId, periodIndexes)).filter(
              (s) => s.periodIndex >= wanted.firstIndex && s.periodIndex <= wanted.lastIndex,
            );
          },
        },
      };
    },
  };
}
