import { PointsEvent } from '../points/points-event';
import { DailySummary, Workout } from '../records/activity-records';
import { ChallengeMember, countsAt } from '../membership/challenge-member';
import { CalculationMethod, Challenge, GoalType } from './challenge';
import { ActivityTotals, ZERO_TOTALS } from './member-period-score';
import { PeriodCalendar } from './period-calendar';

/**
 * Points a daily summary or workout is worth under the app's points definitions. Scoring only
 * needs this function, so it does not depend on how the points module defines points.
 */
export type RecordPointsFunction = (record: DailySummary | Workout) => number;

/** A member's records, as the activity history returns them (already de-duplicated). */
export interface MemberActivity {
  readonly dailySummaries?: readonly DailySummary[];
  readonly workouts?: readonly Workout[];
  readonly events?: readonly PointsEvent[];
}

/** A member's progress in one period, before it is stored as a MemberPeriodScore. */
export interface MemberPeriodProgress {
  readonly periodIndex: number;
  readonly progress: number;
  readonly goalReached: boolean;
  readonly goalReachedAt: Date | null;
  readonly reachedAt: Date | null;
}

export interface ScoreMemberOptions {
  /** Points of a daily summary or workout (POINTS goal type). Default: 0 for every record. */
  readonly pointsOf?: RecordPointsFunction;
  /** Only these period indexes are returned (default: every period). */
  readonly periodIndexes?: readonly number[];
}

export type ScoringRules = Pick<
  Challenge,
  'goalType' | 'goalValue' | 'dataSource' | 'activityTypes' | 'calculationMethod' | 'type'
>;

const NO_POINTS: RecordPointsFunction = () => 0;

/** The value of a daily summary in the goal type's unit (metres, steps, kcal, seconds, points). */
export function dailySummaryValue(goalType: GoalType, summary: DailySummary, pointsOf: RecordPointsFunction): number {
  switch (goalType) {
    case 'DISTANCE': return summary.distance;
    case 'STEPS': return summary.steps;
    case 'CALORIES': return summary.calories;
    case 'DURATION': return summary.activeDurationSeconds;
    case 'POINTS': return pointsOf(summary);
  }
}

/** The value of a workout in the goal type's unit; a missing steps/calories value counts 0. */
export function workoutValue(goalType: GoalType, workout: Workout, pointsOf: RecordPointsFunction): number {
  switch (goalType) {
    case 'DISTANCE': return workout.distance;
    case 'STEPS': return workout.steps ?? 0;
    case 'CALORIES': return workout.calories ?? 0;
    case 'DURATION': return workout.durationSeconds;
    case 'POINTS': return pointsOf(workout);
  }
}

/** Whether a workout's activity type passes the challenge filter (empty list: all types). */
export function workoutMatches(rules: Pick<Challenge, 'activityTypes'>, workout: Workout): boolean {
  return rules.activityTypes.length === 0 || rules.activityTypes.includes(workout.activityType);
}

interface Contribution {
  readonly at: number;
  /** The record's own instant, handed out as reachedAt so that bulk scoring allocates no Dates. */
  readonly instant: Date;
  readonly value: number;
}

const NO_CONTRIBUTIONS: Contribution[] = [];

/**
 * Progress of one member in each period of a challenge.
 *
 * - dataSource 'dailysummary' reads daily summaries (a date maps to a period through
 *   PeriodCalendar.localDate); 'workout' reads workouts whose start lies in [start, end) and whose
 *   activity type passes the filter.
 * - Event points count in POINTS challenges only (other goal types have other units), whatever the
 *   data source: an event counts when its timestamp lies in [start, end).
 * - A record counts only when the member counts at its instant (not inside an inactive interval).
 * - Values are summed in a canonical order (time, then value), so the order in which records are
 *   given never changes a score, not even by floating-point rounding.
 */
export function scoreMemberPeriods(
  calendar: PeriodCalendar,
  rules: ScoringRules,
  member: ChallengeMember,
  activity: MemberActivity,
  options: ScoreMemberOptions = {},
): MemberPeriodProgress[] {
  const pointsOf = options.pointsOf ?? NO_POINTS;
  // One bucket per period index (an array: this loop is the hot path of bulk rescoring).
  const buckets: (Contribution[] | undefined)[] = new Array(calendar.count);
  const checkActivity = member.inactiveIntervals.length > 0;
  const add = (index: number, at: Date, value: number): void => {
    if (checkActivity && !countsAt(member, at)) return;
    const contribution = { at: at.getTime(), instant: at, value };
    const bucket = buckets[index];
    if (bucket) bucket.push(contribution);
    else buckets[index] = [contribution];
  };

  if (rules.dataSource === 'dailysummary') {
    for (const summary of activity.dailySummaries ?? []) {
      const where = calendar.localDate(summary.date);
      if (where) add(where.index, where.instant, dailySummaryValue(rules.goalType, summary, pointsOf));
    }
  } else {
    for (const workout of activity.workouts ?? []) {
      const index = calendar.indexContaining(workout.start);
      if (index !== null && workoutMatches(rules, workout)) {
        add(index, workout.start, workoutValue(rules.goalType, workout, pointsOf));
      }
    }
  }
  if (rules.goalType === 'POINTS') {
    for (const event of activity.events ?? []) {
      const index = calendar.indexContaining(event.timestamp);
      if (index !== null) add(index, event.timestamp, event.points);
    }
  }

  const indexes = options.periodIndexes ?? calendar.indexes;
  return indexes.map((index) => summarize(index, buckets[index] ?? NO_CONTRIBUTIONS, rules.goalValue));
}

/** Sums one period's contributions in canonical order and finds when the goal was reached. */
function summarize(periodIndex: number, contributions: Contribution[], goalValue: number | null): MemberPeriodProgress {
  if (contributions.length > 1) contributions.sort((a, b) => a.at - b.at || a.value - b.value);
  let progress = 0;
  let reachedAt: Date | null = null;
  let goalReachedAt: Date | null = null;
  for (const { instant, value } of contributions) {
    progress += value;
    if (value !== 0) reachedAt = instant;
    if (goalValue !== null) {
      // Negative values (e.g. a penalty event) can drop the total below the goal again.
      if (progress < goalValue) goalReachedAt = null;
      else if (goalReachedAt === null) goalReachedAt = instant;
    }
  }
  const goalReached = goalValue !== null && progress >= goalValue;
  return { periodIndex, progress, goalReached, goalReachedAt: goalReached ? goalReachedAt : null, reachedAt };
}

/**
 * Combines member contributions into the progress of a team or the group.
 * SUM: the total of the contributions. AVERAGE: that total divided by the number of members
 * (every enrolled member of the team or group, active or not, with or without data), so a big
 * team has no edge over a small one. For an INDIVIDUAL challenge the "group" is the member
 * alone, hence AVERAGE equals SUM there.
 */
export function aggregateProgress(
  method: CalculationMethod,
  contributions: readonly number[],
  memberCount: number,
): number {
  let total = 0;
  for (const value of [...contributions].sort((a, b) => a - b)) total += value;
  if (method === 'SUM') return total;
  return memberCount > 0 ? total / memberCount : 0;
}

/**
 * What the member's counted records add up to per period in every metric (the challenge's
 * total_distance, total_steps, ... are sums of these): the same records scoring counts (data
 * source, activity filter, [start, end), active intervals), plus every event's points in
 * total_points whatever the goal type. Periods without data are absent from the map.
 */
export function memberPeriodTotals(
  calendar: PeriodCalendar,
  rules: Pick<Challenge, 'dataSource' | 'activityTypes'>,
  member: ChallengeMember,
  activity: MemberActivity,
  pointsOf: RecordPointsFunction = NO_POINTS,
): Map<number, ActivityTotals> {
  const totals = new Map<number, { distance: number; steps: number; calories: number; durationSeconds: number; points: number }>();
  // Values as arguments, not an object: this runs for every record of a bulk rescoring.
  const add = (index: number, at: Date, distance: number, steps: number, calories: number, durationSeconds: number, points: number): void => {
    if (!countsAt(member, at)) return;
    let row = totals.get(index);
    if (row === undefined) totals.set(index, (row = { ...ZERO_TOTALS }));
    row.distance += distance;
    row.steps += steps;
    row.calories += calories;
    row.durationSeconds += durationSeconds;
    row.points += points;
  };
  if (rules.dataSource === 'dailysummary') {
    for (const summary of activity.dailySummaries ?? []) {
      const where = calendar.localDate(summary.date);
      if (!where) continue;
      add(where.index, where.instant, summary.distance, summary.steps, summary.calories, summary.activeDurationSeconds, pointsOf(summary));
    }
  } else {
    for (const workout of activity.workouts ?? []) {
      const index = calendar.indexContaining(workout.start);
      if (index === null || !workoutMatches(rules, workout)) continue;
      add(index, workout.start, workout.distance, workout.steps ?? 0, workout.calories ?? 0, workout.durationSeconds, pointsOf(workout));
    }
  }
  for (const event of activity.events ?? []) {
    const index = calendar.indexContaining(event.timestamp);
    if (index !== null) add(index, event.timestamp, 0, 0, 0, 0, event.points);
  }
  return totals;
}
