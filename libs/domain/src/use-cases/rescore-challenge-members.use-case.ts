import { Challenge } from '../challenge/challenge';
import { MemberPeriodScore } from '../challenge/member-period-score';
import { PeriodCalendar } from '../challenge/period-calendar';
import { RecordPointsFunction } from '../challenge/scoring';
import { ChallengeDomainEvent } from '../events/challenge-events';
import { ChallengeMember } from '../membership/challenge-member';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { MembershipRepository } from '../ports/membership-repository';
import { PointsDefinitionRepository } from '../ports/points-repository';
import { ScoringBatch, ScoringBatchReader, ScoringSpan } from '../ports/scoring-batch-reader';
import { UnitOfWork } from '../ports/unit-of-work';
import { isRescorable, RescoreMemberUseCase } from './rescore-member.use-case';
import { recordPointsOf } from './rescore-profile-challenges.use-case';

/**
 * Members rescored per batch (one read of their records and scores, one write transaction):
 * up to 1,000, fewer when each member has many periods to rescore, so that a batch holds at
 * most about 10,000 member-periods (a whole 30-day challenge of 100,000 members then stays
 * well within the API's memory, with two batches in flight).
 */
const MAX_BATCH_MEMBERS = 1_000;
const MAX_BATCH_PERIODS = 10_000;
/** Up to this many named members are looked up one by one rather than listing the challenge. */
const FEW_MEMBERS = 50;

export interface RescoreChallengeMembersInput {
  readonly challenge: Challenge;
  /** Only these members (new ones, bulk adds); every member when omitted. */
  readonly profileIds?: readonly string[];
  /** Only the periods these instants touch (e.g. a day of late data for everyone); the whole challenge when omitted. */
  readonly from?: Date;
  readonly to?: Date;
}

/**
 * Scores members of a challenge over its whole span from their records: new members (all their
 * data counts, whenever they joined), changed rules, a new points definition. Members go in
 * batches read through the ScoringBatchReader; each batch's scores and threshold events are
 * written in one transaction. Answers how many members were rescored.
 */
export class RescoreChallengeMembersUseCase implements MemberRescorer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly reader: ScoringBatchReader,
    private readonly memberships: MembershipRepository,
    private readonly pointsDefinitions: PointsDefinitionRepository,
    private readonly clock: Clock,
  ) {}

  rescoreMembers(challenge: Challenge, profileIds?: readonly string[]): Promise<number> {
    return this.execute({ challenge, profileIds });
  }

  async execute(input: RescoreChallengeMembersInput): Promise<number> {
    const { challenge, profileIds } = input;
    if (!isRescorable(challenge, this.clock.now())) return 0;
    if (profileIds !== undefined && profileIds.length === 0) return 0;
    const rangeFrom = new Date(Math.max((input.from ?? challenge.start).getTime(), challenge.start.getTime()));
    const rangeTo = new Date(Math.min((input.to ?? challenge.end).getTime(), challenge.end.getTime()));
    if (rangeFrom.getTime() >= rangeTo.getTime()) return 0;
    const calendar = PeriodCalendar.of(challenge);
    const firstIndex = calendar.indexAt(rangeFrom);
    const lastIndex = calendar.indexAt(new Date(rangeTo.getTime() - 1));
    const from = calendar.periods[firstIndex].start;
    const to = calendar.periods[lastIndex].end;
    const dates = calendar.localDateSpan(from, to);
    const span: ScoringSpan = { firstIndex, lastIndex, firstDate: dates.first, lastDate: dates.last, from, to };
    const pointsOf = await recordPointsOf(this.pointsDefinitions, challenge.appId);
    const members = await this.membersOf(challenge, profileIds);
    const size = Math.max(1, Math.min(MAX_BATCH_MEMBERS, Math.floor(MAX_BATCH_PERIODS / (lastIndex - firstIndex + 1))));
    const batches: ChallengeMember[][] = [];
    for (let offset = 0; offset < members.length; offset += size) batches.push(members.slice(offset, offset + size));
    const read = (batch: readonly ChallengeMember[]) => this.reader.read(challenge, batch.map((m) => m.profileId), span);
    // The next batch is read while this one is scored and written (the database and this process
    // work at the same time); batches are independent, as members' scores are.
    let next: Promise<ScoringBatch> | null = batches.length > 0 ? read(batches[0]) : null;
    for (let i = 0; i < batches.length; i++) {
      const batch = await (next as Promise<ScoringBatch>);
      next = i + 1 < batches.length ? read(batches[i + 1]) : null;
      next?.catch(() => undefined); // a failed read is reported when it is awaited
      await this.rescoreBatch(challenge, batches[i], batch, pointsOf, rangeFrom, rangeTo);
    }
    return members.length;
  }

  private async rescoreBatch(
    challenge: Challenge,
    members: readonly ChallengeMember[],
    batch: ScoringBatch,
    pointsOf: RecordPointsFunction,
    from: Date,
    to: Date,
  ) {
    const scores: MemberPeriodScore[] = [];
    const events: ChallengeDomainEvent[] = [];
    const collect = new RescoreMemberUseCase(
      { findForMember: (c, p, i) => batch.scores.findForMember(c, p, i), saveMany: async (s) => void scores.push(...s) },
      batch.history,
      { append: async (e) => void events.push(...e) },
      this.clock,
      pointsOf,
    );
    for (const member of members) await collect.execute({ challenge, member, from, to });
    if (scores.length === 0 && events.length === 0) return;
    await this.unitOfWork.run(async (ports) => {
      await ports.scores.saveMany(scores);
      await ports.outbox.append(events);
    });
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
}
