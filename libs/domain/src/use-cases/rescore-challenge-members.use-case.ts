import { Challenge } from '../challenge/challenge';
import { MemberPeriodScore } from '../challenge/member-period-score';
import { PeriodCalendar } from '../challenge/period-calendar';
import { storedPeriodsRead } from '../challenge/repetition';
import { RecordPointsFunction } from '../challenge/scoring';
import { ChallengeDomainEvent } from '../events/challenge-events';
import { ChallengeMember } from '../membership/challenge-member';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { MembershipRepository } from '../ports/membership-repository';
import { PointsDefinitionRepository } from '../ports/points-repository';
import { ScoringSpan } from '../ports/scoring-batch-reader';
import { profileTurn, UnitOfWork } from '../ports/unit-of-work';
import { isRescorable, RescoreMemberUseCase } from './rescore-member.use-case';
import { recordPointsOf } from './rescore-profile-challenges.use-case';

/**
 * Members rescored per batch (one transaction: their turns, one read of their records and
 * scores, one write): up to 700, fewer when each member has many periods to rescore, so that a
 * batch holds at most about 6,700 member-periods. Batches are read, scored and written three at
 * a time: with two (of up to 1,000 members and 10,000 member-periods), a 100,000-member day's
 * rescoring left the benchmark machine's two cores idle a quarter of the time (6.0 s against
 * 5.4-5.8 s; docs/benchmarks.md "Twentieth session"). What three hold at once stays what two
 * held: about 20,000 member-periods (a whole 30-day challenge of 100,000 members stays within a
 * 192 MB heap), and 2,100 turns, advisory locks, per rescoring process (PostgreSQL's lock table,
 * with its default settings, held four processes' 3,000 each and refused six).
 */
const MAX_BATCH_MEMBERS = 700;
const MAX_BATCH_PERIODS = 6_700;
const BATCHES_IN_FLIGHT = 3;
/**
 * Every member's rescoring lists the members this many batches at a time (up to 7,000): listed at
 * once, 100,000 members took 0.4-0.6 s to list and sort before the first batch, with one core idle;
 * a page a batch put a read between every two batches.
 */
const BATCHES_PER_PAGE = 10;
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
 * batches; each batch takes its members' turns (so an upload of a member committing meanwhile is
 * either read here or rescores after), is read through the ScoringBatchReader and written in the
 * same transaction. Answers how many members were rescored.
 */
export class RescoreChallengeMembersUseCase implements MemberRescorer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
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
    const stored = storedPeriodsRead(challenge, firstIndex, lastIndex);
    const periodsRead = stored.lastIndex - stored.firstIndex + 1;
    const size = Math.max(1, Math.min(MAX_BATCH_MEMBERS, Math.floor(MAX_BATCH_PERIODS / periodsRead)));
    // Several batches in flight: one is read while another is scored and written, so the database
    // and this process work at the same time (batches are independent, as members' scores are; on
    // embedded PGlite, one session, the others simply wait).
    const inFlight: Promise<void>[] = [];
    let rescored = 0;
    for await (const batch of this.batchesOf(challenge, profileIds, size)) {
      rescored += batch.length;
      const next = this.rescoreBatch(challenge, batch, span, pointsOf, rangeFrom, rangeTo);
      next.catch(() => undefined); // a failure is reported when it is awaited
      inFlight.push(next);
      if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
    }
    for (const running of inFlight) await running;
    return rescored;
  }

  /**
   * The members to rescore, `size` a batch, in id order: a batch is a run of neighbouring members,
   * whose scores a store ordered by period and member keeps together (one range per period, not a
   * lookup per member). Every member is read a page of BATCHES_PER_PAGE batches at a time, the next
   * page while this one's batches run: the first batch starts without waiting for the whole list.
   */
  private async *batchesOf(challenge: Challenge, profileIds: readonly string[] | undefined, size: number): AsyncGenerator<ChallengeMember[]> {
    if (profileIds === undefined) {
      const pageSize = size * BATCHES_PER_PAGE;
      const read = (after: string | null) => {
        const page = this.memberships.listPageByChallenge(challenge.id, after, pageSize);
        page.catch(() => undefined); // a failure is reported when it is awaited (never, if an earlier batch failed)
        return page;
      };
      for (let next = read(null); ; ) {
        const page = await next;
        const full = page.length === pageSize;
        if (full) next = read(page[page.length - 1].profileId);
        for (let offset = 0; offset < page.length; offset += size) yield page.slice(offset, offset + size);
        if (!full) return;
      }
    }
    const idOf = (member: ChallengeMember) => member.profileId.toLowerCase();
    const members = (await this.membersOf(challenge, profileIds)).sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
    for (let offset = 0; offset < members.length; offset += size) yield members.slice(offset, offset + size);
  }

  private async rescoreBatch(
    challenge: Challenge,
    members: readonly ChallengeMember[],
    span: ScoringSpan,
    pointsOf: RecordPointsFunction,
    from: Date,
    to: Date,
  ): Promise<void> {
    await this.unitOfWork.run(async (ports) => {
      await ports.takeTurn(...members.map((member) => profileTurn(member.profileId)));
      const batch = await ports.scoringBatches.read(challenge, members.map((member) => member.profileId), span);
      const scores: MemberPeriodScore[] = [];
      const events: ChallengeDomainEvent[] = [];
      const rescore = new RescoreMemberUseCase(this.clock, pointsOf);
      for (const member of members) {
        const result = rescore.execute({ challenge, member, from, to }, batch);
        for (const score of result.written) scores.push(score);
        for (const event of result.events) events.push(event);
      }
      // Events first, scores last: saving scores marks the challenge's leaderboard stale (a row
      // lock on the challenge until commit), which the other batch in flight then waits for.
      await ports.outbox.append(events);
      await ports.scores.saveMany(scores);
    });
  }

  /** The named members: a few looked up one by one, more picked from the whole challenge. */
  private async membersOf(challenge: Challenge, profileIds: readonly string[]): Promise<ChallengeMember[]> {
    if (profileIds.length > FEW_MEMBERS) {
      const wanted = new Set(profileIds);
      return (await this.memberships.listByChallenge(challenge.id)).filter((m) => wanted.has(m.profileId));
    }
    const members: ChallengeMember[] = [];
    for (const profileId of profileIds) {
      const member = await this.memberships.find(challenge.id, profileId);
      if (member) members.push(member);
    }
    return members;
  }
}
