import { Challenge } from '../challenge/challenge';
import { isEmptyScore, MemberPeriodScore, sameScore, ZERO_TOTALS } from '../challenge/member-period-score';
import { PeriodCalendar } from '../challenge/period-calendar';
import { detectThresholdCrossing, NONE_FIRED } from '../challenge/progress';
import {
  EMPTY_REPETITION_STATE, keepsRepetitionState, nextRepetitionState, RepetitionState, sameRepetitionState, storedPeriodsRead,
} from '../challenge/repetition';
import { MemberActivity, RecordPointsFunction, memberPeriodTotals, scoreMemberPeriods } from '../challenge/scoring';
import { ChallengePeriodEvent } from '../events/challenge-events';
import { ChallengeMember } from '../membership/challenge-member';
import { Clock } from '../ports/clock';
import { ScoringBatch } from '../ports/scoring-batch-reader';

const DAY_MS = 86_400_000;

export interface RescoreMemberInput {
  readonly challenge: Challenge;
  readonly member: ChallengeMember;
  /**
   * The instants whose data changed, [from, to): a workout's or event's time, or for a daily
   * summary the local day in the challenge zone (see PeriodCalendar.localDayRange).
   */
  readonly from: Date;
  readonly to: Date;
  /**
   * When the data arrived, if before now (live scoring scores a queued change moments later):
   * whether late data still counts (isRescorable) is judged at that instant.
   */
  readonly arrivedAt?: Date;
}

export type RescoreStatus =
  /** The affected periods were recomputed and stored. */
  | 'rescored'
  /** The range lies outside [start, end): nothing can count. */
  | 'outside_challenge'
  /** The grace period after the end is over: scores are final. */
  | 'final';

export interface RescoreMemberResult {
  readonly status: RescoreStatus;
  /** The scores of the affected periods as computed (empty unless rescored; an empty one is stored only over a row). */
  readonly scores: readonly MemberPeriodScore[];
  /**
   * The member's later periods (after the affected ones) rewritten because their cumulative
   * repetition state changed (a missing one is stored with no progress); empty when the state of
   * the last affected period did not change.
   */
  readonly carried: readonly MemberPeriodScore[];
  /** Threshold events for the outbox (at most one per period). */
  readonly events: readonly ChallengePeriodEvent[];
  /** What to store: the affected periods' scores that changed, then the carried ones. */
  readonly written: readonly MemberPeriodScore[];
}

const NOTHING_WRITTEN = { scores: [], carried: [], events: [], written: [] };

/** Whether late data may still change the challenge's scores at `now` (until end + graceDays). */
export function isRescorable(challenge: Pick<Challenge, 'end' | 'graceDays'>, now: Date): boolean {
  return now.getTime() < challenge.end.getTime() + challenge.graceDays * DAY_MS;
}

/**
 * Recomputes one member's scores for the periods that an instant range touches (and only those),
 * from the member's de-duplicated history and stored scores in a batch already read (ScoringBatch:
 * synchronous, so a batch of members is scored without a promise per member), answers those that
 * changed for its caller to store, and one threshold event per period whose new score crosses a
 * not-yet-fired threshold (INDIVIDUAL challenges).
 * Where the challenge keeps it (keepsRepetitionState), the repetition state of each stored period
 * (MemberPeriodScore.repetition) is cumulative: it folds on from the stored state of the period
 * before the first affected one, and when the state of the last affected period changes, the later
 * periods of the challenge are rewritten with their new states (missing ones stored with no
 * progress) up to the first stored one whose state stays. So after a reached period a member has a
 * row in every later period, and a period without a row has the empty state: a board reads one
 * period's rows. Other challenges store the empty state and rewrite only the affected periods.
 */
export class RescoreMemberUseCase {
  constructor(
    private readonly clock: Clock,
    /** Points of daily summaries and workouts (POINTS challenges); the points module supplies it. */
    private readonly pointsOf: RecordPointsFunction = () => 0,
  ) {}

  execute(input: RescoreMemberInput, batch: ScoringBatch): RescoreMemberResult {
    const { challenge, member } = input;
    const now = this.clock.now();
    if (!isRescorable(challenge, input.arrivedAt ?? now)) return { status: 'final', ...NOTHING_WRITTEN };

    const from = Math.max(input.from.getTime(), challenge.start.getTime());
    const to = Math.min(input.to.getTime(), challenge.end.getTime());
    if (from >= to) return { status: 'outside_challenge', ...NOTHING_WRITTEN };

    const calendar = PeriodCalendar.of(challenge);
    const first = calendar.indexAt(new Date(from));
    const last = calendar.indexAt(new Date(to - 1));
    const indexes = range(first, last);
    const rangeStart = calendar.periods[first].start;
    const rangeEnd = calendar.periods[last].end;

    const activity = activityOf(batch, calendar, challenge, member.profileId, rangeStart, rangeEnd);
    const progresses = scoreMemberPeriods(calendar, challenge, member, activity, {
      pointsOf: this.pointsOf,
      periodIndexes: indexes,
    });
    const totals = memberPeriodTotals(calendar, challenge, member, activity, this.pointsOf);
    // Where states are kept, the period before the first affected one carries the state the
    // affected ones fold on from (later ones are read by carryState, only when the state changed).
    const stateful = keepsRepetitionState(challenge);
    const stored = batch.scores.findForMember(challenge.id, member.profileId, storedPeriodsRead(challenge, first, last).firstIndex, last);
    const previous = new Map(stored.map((s) => [s.periodIndex, s]));

    const scores: MemberPeriodScore[] = [];
    const events: ChallengePeriodEvent[] = [];
    // No row before the first affected period means no reached period before it: the empty state.
    let state = stateful ? (previous.get(first - 1)?.repetition ?? EMPTY_REPETITION_STATE) : EMPTY_REPETITION_STATE;
    for (const progress of progresses) {
      const period = calendar.periods[progress.periodIndex];
      const alreadyFired = previous.get(progress.periodIndex)?.firedThresholds ?? NONE_FIRED;
      const crossing = detectThresholdCrossing(challenge, progress.progress, alreadyFired);
      if (stateful) state = nextRepetitionState(state, progress);
      scores.push({
        challengeId: challenge.id,
        profileId: member.profileId,
        teamId: member.teamId,
        periodIndex: period.index,
        periodStart: period.start,
        periodEnd: period.end,
        progress: progress.progress,
        goalReached: progress.goalReached,
        goalReachedAt: progress.goalReachedAt,
        reachedAt: progress.reachedAt,
        repetition: state,
        firedThresholds: crossing ? crossing.fired : alreadyFired,
        totals: totals.get(period.index) ?? ZERO_TOTALS,
        updatedAt: now,
      });
      if (crossing) {
        events.push({
          event: crossing.threshold >= 1 ? 'challenge_period_goal_reached' : 'partial_period_goal_reached',
          appId: challenge.appId,
          challengeId: challenge.id,
          challengeTitle: challenge.title,
          eventTimestamp: now,
          periodIndex: period.index,
          periodStart: period.start,
          periodEnd: period.end,
          model: 'profile',
          modelId: member.profileId,
          goalReachedProportion: crossing.proportion,
          currentScore: progress.progress,
          threshold: crossing.threshold,
        });
      }
    }
    // A period without a row had the empty state (rows exist after any reached period, see below).
    const lastState = previous.get(last)?.repetition ?? EMPTY_REPETITION_STATE;
    const carried =
      stateful && last < calendar.count - 1 && !sameRepetitionState(lastState, state)
        ? carryState(batch, calendar, challenge, member, last + 1, state, now)
        : [];
    // Only what changed is written: a period computed as it is stored stays as it is (its
    // updatedAt too), and its board is not told of a change; an empty period without a row stays
    // without one (no row reads as empty).
    const changed = scores.filter((score) => {
      const before = previous.get(score.periodIndex);
      return before === undefined ? !isEmptyScore(score) : !sameScore(before, score);
    });
    const written = carried.length === 0 ? changed : [...changed, ...carried];
    return { status: 'rescored', scores, carried, events, written };
  }
}

/**
 * The member's periods from `from` to the challenge's last with the state folded on from `state`
 * (their outcomes unchanged), up to the first stored one that already holds its new state.
 */
function carryState(
  batch: ScoringBatch,
  calendar: PeriodCalendar,
  challenge: Challenge,
  member: ChallengeMember,
  from: number,
  state: RepetitionState,
  now: Date,
): MemberPeriodScore[] {
  const later = new Map(batch.scores.findForMember(challenge.id, member.profileId, from, calendar.count - 1).map((s) => [s.periodIndex, s]));
  const carried: MemberPeriodScore[] = [];
  for (let index = from; index < calendar.count; index++) {
    const period = calendar.periods[index];
    const existing = later.get(index);
    state = nextRepetitionState(state, existing);
    // A stored row that already holds the new state: it and every later one are right.
    if (existing && sameRepetitionState(existing.repetition, state)) break;
    const row: MemberPeriodScore = existing ?? {
      challengeId: challenge.id,
      profileId: member.profileId,
      teamId: member.teamId,
      periodIndex: index,
      periodStart: period.start,
      periodEnd: period.end,
      progress: 0,
      goalReached: false,
      goalReachedAt: null,
      reachedAt: null,
      repetition: EMPTY_REPETITION_STATE,
      firedThresholds: [],
      totals: ZERO_TOTALS,
      updatedAt: now,
    };
    carried.push({ ...row, repetition: state, updatedAt: now });
  }
  return carried;
}

/** The record kinds the challenge counts (and events), over whole affected periods. */
function activityOf(batch: ScoringBatch, calendar: PeriodCalendar, challenge: Challenge, profileId: string, from: Date, to: Date): MemberActivity {
  const span = challenge.dataSource === 'dailysummary' ? calendar.localDateSpan(from, to) : null;
  const dailySummaries = span ? batch.history.dailySummaries(profileId, span.first, span.last) : undefined;
  const workouts = span ? undefined : batch.history.workouts(profileId, from, to);
  // Events count in POINTS scores, and in every challenge's total_points.
  return { dailySummaries, workouts, events: batch.history.events(profileId, from, to) };
}

function range(first: number, last: number): number[] {
  const indexes: number[] = [];
  for (let index = first; index <= last; index++) indexes.push(index);
  return indexes;
}
