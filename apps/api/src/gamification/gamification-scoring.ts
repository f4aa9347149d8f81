import {
  ActivityChange, ActivityChangeListener, MemberRescorer, ActivityHistory, ActivityRepository, DeduplicatedActivityHistory, PeriodCalendar,
  PointsEventRepository, Challenge, ChallengeDomainEvent, ChallengeMember, ChallengeRepository,
  Clock, dailySummaryPoints, defaultPointsDefinition, EventOutbox, IdGenerator, isRescorable, MemberPeriodScore,
  MembershipRepository, PointsDefinitionRepository, RecordPointsFunction, RescoreMemberUseCase,
  ScoreRepository, workoutPoints,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { PrefetchedActivity, PrefetchedScores } from './prefetched-activity';
import { TypeOrmEventOutbox } from '../persistence/gamification/typeorm-event-outbox.repository';
import { TypeOrmScoreRepository } from '../persistence/gamification/typeorm-score.repository';

/**
 * Reads go to the real store; writes (scores, then events) are kept and committed together in
 * one transaction after the use case ran. Reading the activity history inside that transaction
 * would not work on embedded PGlite (one session: other adapters' queries would wait on it).
 */
class BufferedScoreWrites implements ScoreRepository, EventOutbox {
  readonly scores: MemberPeriodScore[] = [];
  readonly events: ChallengeDomainEvent[] = [];

  constructor(private readonly store: ScoreRepository) {}

  findForMember(challengeId: string, profileId: string, periodIndexes?: readonly number[]) {
    return this.store.findForMember(challengeId, profileId, periodIndexes);
  }

  findForChallenge(challengeId: string, fromIndex: number, toIndex: number) {
    return this.store.findForChallenge(challengeId, fromIndex, toIndex);
  }

  findOutcomesForChallenge(challengeId: string, fromIndex: number, toIndex: number) {
    return this.store.findOutcomesForChallenge(challengeId, fromIndex, toIndex);
  }

  async saveMany(scores: readonly MemberPeriodScore[]): Promise<void> {
    this.scores.push(...scores);
  }

  async deleteForChallenge(): Promise<void> {
    throw new Error('BufferedScoreWrites.deleteForChallenge: not used by rescoring');
  }

  async append(events: readonly ChallengeDomainEvent[]): Promise<void> {
    this.events.push(...events);
  }
}

/**
 * Members rescored per batch (one read of their records and scores, one write transaction):
 * up to 1,000, fewer when each member has many periods to rescore, so that a batch holds at
 * most about 10,000 member-periods (a whole 30-day challenge of 100,000 members then stays
 * well within the API's memory, with two batches in flight).
 */
const MAX_BATCH_MEMBERS = 1_000;
const MAX_BATCH_PERIODS = 10_000;
const FEW_MEMBERS = 50;

const NO_HISTORY: ActivityHistory = {
  dailySummaries: async () => [],
  workouts: async () => [],
  events: async () => [],
};

/**
 * Live scoring: the ActivityChangeListener the data platform tells after storing data or events,
 * and the rescoring of members who join or of a challenge whose rules changed. Every rescore
 * writes the member's period scores and the threshold events in one transaction.
 */
export class GamificationScoring implements ActivityChangeListener, MemberRescorer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly scores: ScoreRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly history: ActivityHistory | null,
    private readonly pointsDefinitions: PointsDefinitionRepository | null,
  ) {}

  /** Rescores every rescorable challenge the profile is a member of, for the changed instants. */
  async activityChanged(change: ActivityChange): Promise<void> {
    const now = this.clock.now();
    let pointsOf: RecordPointsFunction | null = null;
    for (const member of await this.memberships.listByProfile(change.profileId)) {
      const challenge = await this.challenges.findById(change.appId, member.challengeId);
      if (!challenge || !isRescorable(challenge, now)) continue;
      if (change.to.getTime() <= challenge.start.getTime() || change.from.getTime() >= challenge.end.getTime()) continue;
      pointsOf ??= await this.pointsFunction(change.appId);
      await this.rescore(challenge, pointsOf, (useCase) =>
        useCase.execute({ challenge, member, from: change.from, to: change.to }).then(() => undefined),
      );
    }
  }

  /**
   * Scores members (all, or the given ones) over [from, to) of the challenge, whole challenge by
   * default: new members (all their data counts), changed rules, bulk imports. Members go in
   * batches: their records and stored scores are read with a few queries per batch, and each
   * batch's scores and events are written in one transaction. Returns the members rescored.
   */
  async rescoreChallenge(challenge: Challenge, profileIds?: readonly string[], range?: { from: Date; to: Date }): Promise<number> {
    if (!isRescorable(challenge, this.clock.now())) return 0;
    if (profileIds !== undefined && profileIds.length === 0) return 0;
    const from = Math.max((range?.from ?? challenge.start).getTime(), challenge.start.getTime());
    const to = Math.min((range?.to ?? challenge.end).getTime(), challenge.end.getTime());
    if (from >= to) return 0;
    const calendar = PeriodCalendar.of(challenge);
    const first = calendar.indexAt(new Date(from));
    const last = calendar.indexAt(new Date(to - 1));
    const rangeStart = calendar.periods[first].start;
    const rangeEnd = calendar.periods[last].end;
    const dates = calendar.localDateSpan(rangeStart, rangeEnd);
    const span = { firstDate: dates.first, lastDate: dates.last, from: rangeStart, to: rangeEnd };
    const pointsOf = await this.pointsFunction(challenge.appId);
    const members = await this.membersOf(challenge, profileIds);
    const load = (batch: readonly ChallengeMember[]) => {
      const ids = batch.map((member) => member.profileId);
      return Promise.all([
        PrefetchedActivity.load(this.dataSource, challenge.appId, ids, span, { workouts: challenge.dataSource === 'workout' }),
        PrefetchedScores.load(this.dataSource, challenge.id, ids, first, last),
      ]);
    };
    const batches: ChallengeMember[][] = [];
    const size = Math.max(1, Math.min(MAX_BATCH_MEMBERS, Math.floor(MAX_BATCH_PERIODS / (last - first + 1))));
    for (let offset = 0; offset < members.length; offset += size) batches.push(members.slice(offset, offset + size));
    // The next batch is read while this one is scored and written (a pipeline: the database and
    // this process work at the same time); batches are independent, as members' scores are.
    let next = batches.length > 0 ? load(batches[0]) : null;
    for (let i = 0; i < batches.length; i++) {
      const [activity, stored] = await (next as ReturnType<typeof load>);
      next = i + 1 < batches.length ? load(batches[i + 1]) : null;
      next?.catch(() => undefined); // a failed read is reported when it is awaited
      const history = new DeduplicatedActivityHistory(activity as unknown as ActivityRepository, activity as unknown as PointsEventRepository);
      await this.rescore(
        challenge,
        pointsOf,
        async (useCase) => {
          for (const member of batches[i]) await useCase.execute({ challenge, member, from: new Date(from), to: new Date(to) });
        },
        { scores: stored as unknown as ScoreRepository, history },
      );
    }
    return members.length;
  }

  rescoreMembers(challenge: Challenge, profileIds?: readonly string[]): Promise<number> {
    return this.rescoreChallenge(challenge, profileIds);
  }

  /** The given members (a few: looked up one by one, not the whole challenge) or every member. */
  private async membersOf(challenge: Challenge, profileIds?: readonly string[]): Promise<ChallengeMember[]> {
    if (profileIds === undefined || profileIds.length > FEW_MEMBERS) {
      const wanted = profileIds ? new Set(profileIds) : null;
      return (await this.memberships.listByChallenge(challenge.id)).filter((m) => !wanted || wanted.has(m.profileId));
    }
    const members: ChallengeMember[] = [];
    for (const profileId of profileIds) {
      const member = await this.memberships.find(challenge.id, profileId);
      if (member) members.push(member);
    }
    return members;
  }

  private async rescore(
    challenge: Challenge,
    pointsOf: RecordPointsFunction,
    run: (useCase: RescoreMemberUseCase) => Promise<void>,
    sources: { scores: ScoreRepository; history: ActivityHistory } = { scores: this.scores, history: this.history ?? NO_HISTORY },
  ): Promise<void> {
    const writes = new BufferedScoreWrites(sources.scores);
    await run(new RescoreMemberUseCase(writes, sources.history, writes, this.clock, pointsOf));
    if (writes.scores.length === 0 && writes.events.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      await new TypeOrmScoreRepository(manager).saveMany(writes.scores);
      await new TypeOrmEventOutbox(manager, this.ids).append(writes.events);
    });
  }

  private async pointsFunction(appId: string): Promise<RecordPointsFunction> {
    const definition = (await this.pointsDefinitions?.findByApp(appId)) ?? defaultPointsDefinition(appId);
    return (record) => ('date' in record ? dailySummaryPoints(definition, record) : workoutPoints(definition, record));
  }
}
