import { Challenge } from '../challenge/challenge';
import { MemberPeriodScore } from '../challenge/member-period-score';
import { PeriodCalendar } from '../challenge/period-calendar';
import { storedPeriodsRead } from '../challenge/repetition';
import { RecordPointsFunction } from '../challenge/scoring';
import { ChallengeDomainEvent } from '../events/challenge-events';
import { ChallengeMember } from '../membership/challenge-member';
import { dailySummaryPoints, workoutPoints } from '../points/points-calculator';
import { defaultPointsDefinition } from '../points/points-definition';
import { Clock } from '../ports/clock';
import { PointsDefinitionRepository } from '../ports/points-repository';
import { QueuedScoring } from '../ports/scoring-backlog';
import { ProfileScoringBatch, ProfileScoringRequest } from '../ports/scoring-batch-reader';
import { TransactionPorts } from '../ports/unit-of-work';
import { PointsRecordsRead } from './refresh-profile-points.use-case';
import { isRescorable, RescoreMemberUseCase } from './rescore-member.use-case';

/** How the app's points definition scores a daily summary or a workout (POINTS challenges). */
export async function recordPointsOf(definitions: PointsDefinitionRepository, appId: string): Promise<RecordPointsFunction> {
  const definition = (await definitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
  return (record) => ('date' in record ? dailySummaryPoints(definition, record) : workoutPoints(definition, record));
}

export interface Affected {
  readonly challenge: Challenge;
  readonly member: ChallengeMember;
  readonly firstIndex: number;
  readonly lastIndex: number;
  /** The whole affected periods: what RescoreMemberUseCase reads for this challenge. */
  readonly from: Date;
  readonly to: Date;
}

/**
 * The profile's challenges that a change over [from, to) touches and that still took late data
 * when it arrived, with the periods it touches. One read: the profile's memberships with their
 * challenges.
 */
export async function challengesAffectedBy(change: QueuedScoring, ports: TransactionPorts): Promise<Affected[]> {
  const affected: Affected[] = [];
  for (const { challenge, member } of await ports.scoringBatches.enrolledChallenges(change.appId, change.profileId)) {
    if (!isRescorable(challenge, change.queuedAt)) continue;
    if (change.to.getTime() <= challenge.start.getTime() || change.from.getTime() >= challenge.end.getTime()) continue;
    const calendar = PeriodCalendar.of(challenge);
    const firstIndex = calendar.indexAt(new Date(Math.max(change.from.getTime(), challenge.start.getTime())));
    const lastIndex = calendar.indexAt(new Date(Math.min(change.to.getTime(), challenge.end.getTime()) - 1));
    affected.push({ challenge, member, firstIndex, lastIndex, from: calendar.periods[firstIndex].start, to: calendar.periods[lastIndex].end });
  }
  return affected;
}

/**
 * What scoring a change produced, for its caller to write (with other changes' in one statement
 * each), and the raw records it read (none when no challenge took the change).
 */
export interface ScoredChange {
  readonly scores: MemberPeriodScore[];
  readonly events: ChallengeDomainEvent[];
  readonly records?: ProfileScoringBatch['records'];
}

/**
 * Live scoring of one profile's change: rescores, for the changed instants, every challenge of the
 * profile that took late data when the change arrived (ScoreQueuedChangesUseCase runs it for each
 * queued change and writes what it answers). However many challenges: one read of the profile's
 * challenges with its memberships, one read of its activity over the union of what they need and
 * of its stored scores (ScoringBatchReader.readProfile), then each challenge scored by
 * RescoreMemberUseCase in memory. `alsoRead`: records to read with them (the change's points'
 * records, which the caller then counts from the answer's `records`).
 */
export class RescoreProfileChallengesUseCase {
  constructor(private readonly clock: Clock) {}

  async execute(change: QueuedScoring, ports: TransactionPorts, alsoRead: PointsRecordsRead | null = null): Promise<ScoredChange> {
    const scores: MemberPeriodScore[] = [];
    const events: ChallengeDomainEvent[] = [];
    const affected = await challengesAffectedBy(change, ports);
    if (affected.length === 0) return { scores, events };

    const batch = await ports.scoringBatches.readProfile(change.appId, change.profileId, readRequestOf(affected, alsoRead));
    const rescore = new RescoreMemberUseCase(this.clock, await recordPointsOf(ports.pointsDefinitions, change.appId));
    for (const { challenge, member } of affected) {
      const result = rescore.execute({ challenge, member, from: change.from, to: change.to, arrivedAt: change.queuedAt }, batch);
      scores.push(...result.written);
      events.push(...result.events);
    }
    return { scores, events, records: batch.records };
  }
}

/**
 * The union of what rescoring each affected challenge reads, and of `also` (its workouts' span is
 * read from the look-behind before it on, as the challenges' are: more than it needs, never less).
 */
function readRequestOf(affected: readonly Affected[], also: PointsRecordsRead | null): ProfileScoringRequest {
  let firstDate: string | null = also?.dates.first ?? null;
  let lastDate: string | null = also?.dates.last ?? null;
  let workoutsFrom = also?.workouts.from.getTime() ?? Infinity;
  let workoutsTo = also?.workouts.to.getTime() ?? -Infinity;
  let from = Infinity;
  let to = -Infinity;
  for (const item of affected) {
    from = Math.min(from, item.from.getTime());
    to = Math.max(to, item.to.getTime());
    if (item.challenge.dataSource === 'dailysummary') {
      const span = PeriodCalendar.of(item.challenge).localDateSpan(item.from, item.to);
      if (firstDate === null || span.first < firstDate) firstDate = span.first;
      if (lastDate === null || span.last > lastDate) lastDate = span.last;
    } else {
      workoutsFrom = Math.min(workoutsFrom, item.from.getTime());
      workoutsTo = Math.max(workoutsTo, item.to.getTime());
    }
  }
  return {
    dates: firstDate !== null && lastDate !== null ? { first: firstDate, last: lastDate } : null,
    workouts: workoutsFrom < workoutsTo ? { from: new Date(workoutsFrom), to: new Date(workoutsTo) } : null,
    events: { from: new Date(from), to: new Date(to) },
    scores: affected.map((item) => ({ challengeId: item.challenge.id, ...storedPeriodsRead(item.challenge, item.firstIndex, item.lastIndex) })),
  };
}
