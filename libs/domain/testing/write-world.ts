import { DailySummary, Workout } from '../src/records/activity-records';
import { dailySummaryOf, workoutOf } from '../src/records/health-activity';
import { Profile } from '../src/identity/profile';
import { Challenge } from '../src/challenge/challenge';
import { MemberPeriodScore } from '../src/challenge/member-period-score';
import { storedPeriodsRead } from '../src/challenge/repetition';
import { ActivityRepository, RecordDateRange, RecordTimeRange } from '../src/ports/activity-repository';
import { PointsEventRepository } from '../src/ports/points-event-repository';
import { ScoreRepository } from '../src/ports/score-repository';
import { ChallengeRepository } from '../src/ports/challenge-repository';
import { MembershipRepository } from '../src/ports/membership-repository';
import { EnrolledChallenge, ProfileScoringBatch, ScoringBatchReader, StoredScores } from '../src/ports/scoring-batch-reader';
import { TransactionPorts, UnitOfWork } from '../src/ports/unit-of-work';
import { DeduplicatedActivityHistory, WORKOUT_LOOK_BEHIND_MS } from '../src/records/deduplicated-activity-history';
import { gamificationWorld } from './gamification-world';
import { InMemoryChallengeAnnouncements } from './in-memory-challenge-announcements';
import { InMemoryDataPushOutbox } from './in-memory-data-push-outbox';
import { InMemoryEventOutbox } from './in-memory-event-outbox';
import { InMemoryHealthRecordRepository } from './in-memory-health-record-repository';
import { InMemoryJobQueue } from './in-memory-job-queue';
import { InMemoryPointsLedgerRepository } from './in-memory-points-ledger-repository';
import { InMemoryRawActivity } from './in-memory-raw-activity';
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
 * The batch reader over in-memory stores: reads, as the SQL adapter does, the members' raw records
 * (the kind the challenge counts, and events) and stored scores of the periods a rescore of the
 * span reads (storedPeriodsRead; or what a profile's request names), and serves them from memory.
 */
export function inMemoryScoringBatches(
  activities: HealthRecordActivityView,
  pointsEvents: PointsEventRepository,
  scores: ScoreRepository,
  memberships: MembershipRepository,
  challenges: ChallengeRepository,
): ScoringBatchReader {
  const storedOf = (rows: readonly MemberPeriodScore[]): StoredScores => ({
    findForMember: (challengeId, profileId, first = 0, last = Infinity) =>
      rows
        .filter((s) => s.challengeId === challengeId && s.profileId === profileId && s.periodIndex >= first && s.periodIndex <= last)
        .sort((a, b) => a.periodIndex - b.periodIndex),
  });
  return {
    read: async (challenge, profileIds, span) => {
      const ofApp = activities.ofApp(challenge.appId);
      const { firstIndex, lastIndex } = storedPeriodsRead(challenge, span.firstIndex, span.lastIndex);
      const raw = new InMemoryRawActivity();
      const stored: MemberPeriodScore[] = [];
      for (const profileId of new Set(profileIds)) {
        raw.add({
          dailySummaries: challenge.dataSource === 'dailysummary' ? await ofApp.listDailySummaries(profileId, { fromDate: span.firstDate, toDate: span.lastDate }) : [],
          workouts: challenge.dataSource === 'workout'
            ? (await ofApp.listWorkouts(profileId, { from: new Date(span.from.getTime() - WORKOUT_LOOK_BEHIND_MS), to: span.to })).filter((w) => w.start < span.to)
            : [],
          events: (await pointsEvents.listByProfile(profileId, { from: span.from, to: span.to })).filter((e) => e.timestamp < span.to),
        });
        stored.push(...(await scores.findForMember(challenge.id, profileId)).filter((s) => s.periodIndex >= firstIndex && s.periodIndex <= lastIndex));
      }
      return { history: new DeduplicatedActivityHistory(raw), scores: storedOf(stored) };
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
      const raw = new InMemoryRawActivity().add({
        dailySummaries: dates ? await ofApp.listDailySummaries(owner, { fromDate: dates.first, toDate: dates.last }) : [],
        workouts: workouts && lookBehind ? await ofApp.listWorkouts(owner, { from: lookBehind, to: workouts.to }) : [],
        events: await pointsEvents.listByProfile(owner, events),
      });
      const stored: MemberPeriodScore[] = [];
      for (const { challengeId, firstIndex, lastIndex } of request.scores) {
        stored.push(...(await scores.findForMember(challengeId, owner)).filter((s) => s.periodIndex >= firstIndex && s.periodIndex <= lastIndex));
      }
      // The same records, as the repository the live path counts points from.
      const records: ProfileScoringBatch['records'] = {
        listDailySummaries: async (profileId, range = {}) =>
          raw.summaries.filter((s) => s.profileId === profileId && (range.fromDate === undefined || s.date >= range.fromDate) && (range.toDate === undefined || s.date <= range.toDate)),
        listWorkouts: async (profileId, range = {}) =>
          raw.workoutRecords.filter((w) => w.profileId === profileId && (range.from === undefined || w.start >= range.from) && (range.to === undefined || w.start <= range.to)),
      };
      return { records, history: new DeduplicatedActivityHistory(raw), scores: storedOf(stored) };
    },
  };
}
