import fc from 'fast-check';
import { ActivityRecordMother as Records, ChallengeMemberMother, ChallengeMother } from '../../testing/challenge-mother';
import { DailySummary, Workout } from '../records/activity-records';
import { Challenge, GoalType } from './challenge';
import { PeriodCalendar } from './period-calendar';
import {
  aggregateProgress, dailySummaryValue, MemberActivity, RecordPointsFunction, scoreMemberPeriods, workoutMatches, workoutValue,
} from './scoring';

const member = ChallengeMemberMother.create();

function progressOf(challenge: Challenge, activity: MemberActivity, pointsOf?: RecordPointsFunction): number[] {
  return scoreMemberPeriods(PeriodCalendar.of(challenge), challenge, member, activity, { pointsOf }).map((p) => p.progress);
}

describe(scoreMemberPeriods.name, () => {
  describe('daily summaries by goal type (DAILY UTC, Mon 03-02 .. Mon 03-09)', () => {
    const days = [
      Records.dailySummary({ date: '2026-03-02', distance: 4200.5, steps: 6000, calories: 310, activeDurationSeconds: 1800 }),
      Records.dailySummary({ date: '2026-03-02', distance: 800, steps: 1500, calories: 40, activeDurationSeconds: 600 }),
      Records.dailySummary({ date: '2026-03-04', distance: 1000, steps: 12000, calories: 500, activeDurationSeconds: 3600 }),
    ];
    // Period 0 (03-02) adds both summaries of that day; period 2 (03-04) the third; the rest 0.
    it.each<[GoalType, number[]]>([
      ['DISTANCE', [5000.5, 0, 1000, 0, 0, 0, 0]], // 4200.5 + 800
      ['STEPS', [7500, 0, 12000, 0, 0, 0, 0]], // 6000 + 1500
      ['CALORIES', [350, 0, 500, 0, 0, 0, 0]], // 310 + 40
      ['DURATION', [2400, 0, 3600, 0, 0, 0, 0]], // 1800 + 600 seconds
      ['POINTS', [2, 0, 1, 0, 0, 0, 0]], // 1 point per summary from pointsOf
    ])('%s', (goalType, expected) => {
      expect(progressOf(ChallengeMother.create({ goalType }), { dailySummaries: days }, () => 1)).toEqual(expected);
    });

    it('gives 0 points when no points function is passed', () => {
      expect(progressOf(ChallengeMother.create({ goalType: 'POINTS' }), { dailySummaries: days })).toEqual([0, 0, 0, 0, 0, 0, 0]);
    });

    it('ignores workouts and dates outside the challenge', () => {
      const challenge = ChallengeMother.create({ goal: 'TOTAL' });
      const activity = {
        dailySummaries: [
          Records.dailySummary({ date: '2026-03-01', steps: 999 }), // before the start
          Records.dailySummary({ date: '2026-03-09', steps: 999 }), // the end is exclusive
          Records.dailySummary({ date: '2026-03-08', steps: 5 }),
        ],
        workouts: [Records.workout({ steps: 999 })],
      };
      expect(progressOf(challenge, activity)).toEqual([5]);
    });
  });

  describe('workouts', () => {
    const base = { dataSource: 'workout' as const, goal: 'TOTAL' as const };
    const workouts: Workout[] = [
      Records.workout({ activityType: 'RUNNING', distance: 5000, durationSeconds: 1800, steps: 6000, calories: 400 }),
      Records.workout({ activityType: 'CYCLING', distance: 20000, durationSeconds: 3600, steps: null, calories: null }),
      Records.workout({ activityType: 'RUNNING', start: new Date('2026-03-09T00:00:00Z'), distance: 999 }), // at the end
      Records.workout({ activityType: 'RUNNING', start: new Date('2026-03-01T23:59:59Z'), distance: 999 }), // before
    ];

    it.each<[GoalType, readonly string[], number]>([
      ['DISTANCE', [], 25000], // 5000 + 20000 (all types)
      ['DISTANCE', ['RUNNING'], 5000],
      ['DISTANCE', ['SWIMMING'], 0],
      ['STEPS', [], 6000], // 6000 + null (0)
      ['CALORIES', [], 400], // 400 + null (0)
      ['DURATION', ['CYCLING', 'RUNNING'], 5400], // 1800 + 3600 seconds
      ['POINTS', ['CYCLING'], 20], // distance / 1000 points: 20000 / 1000
    ])('%s with activity types %j = %d', (goalType, activityTypes, expected) => {
      const challenge = ChallengeMother.create({ ...base, goalType, activityTypes });
      const pointsOf: RecordPointsFunction = (record) => record.distance / 1000;
      expect(progressOf(challenge, { workouts, dailySummaries: [Records.dailySummary({ steps: 1 })] }, pointsOf)).toEqual([expected]);
    });
  });

  describe('event points', () => {
    const events = [
      Records.event({ points: 10, timestamp: new Date('2026-03-02T08:00:00Z') }),
      Records.event({ points: 5, timestamp: new Date('2026-03-03T08:00:00Z'), activityType: 'YOGA' }),
      Records.event({ points: 7, timestamp: new Date('2026-03-09T00:00:00Z') }), // at the end: outside
    ];

    it('adds event points to POINTS challenges whatever the data source', () => {
      const summaries = [Records.dailySummary({ date: '2026-03-02' })];
      // Daily source: 10 event + 3 summary points on day 0; 5 on day 1.
      expect(progressOf(ChallengeMother.create({ goalType: 'POINTS' }), { events, dailySummaries: summaries }, () => 3))
        .toEqual([13, 5, 0, 0, 0, 0, 0]);
    });

    it('counts only event points when workouts of the filtered type are worth 0 points (rule 5)', () => {
      const challenge = ChallengeMother.create({ goalType: 'POINTS', goal: 'TOTAL', dataSource: 'workout', activityTypes: ['MEDITATION'] });
      const pointsOf: RecordPointsFunction = (record) => ('activityType' in record && record.activityType === 'MEDITATION' ? 0 : 50);
      const workouts = [Records.workout({ activityType: 'MEDITATION' }), Records.workout({ activityType: 'RUNNING' })];
      // MEDITATION workout: 0 points; RUNNING: filtered out; events 10 + 5 (7 is outside).
      expect(progressOf(challenge, { workouts, events }, pointsOf)).toEqual([15]);
    });

    it('ignores events in challenges of other goal types (other units)', () => {
      expect(progressOf(ChallengeMother.create({ goal: 'TOTAL' }), { events })).toEqual([0]);
    });
  });

  describe('inactive members', () => {
    it('counts nothing inside an inactive interval and keeps what came before', () => {
      const inactive = ChallengeMemberMother.create({
        inactiveIntervals: [
          { from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-05T00:00:00Z') },
          { from: new Date('2026-03-07T00:00:00Z'), to: null },
        ],
      });
      const challenge = ChallengeMother.create({ goal: 'TOTAL' });
      const dailySummaries = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']
        .map((date, i) => Records.dailySummary({ date, steps: 10 ** i }));
      // Counted: 03-02 (1), 03-05 (1000), 03-06 (10000) = 11001; 03-03/04 and 03-07/08 are inactive.
      const [total] = scoreMemberPeriods(PeriodCalendar.of(challenge), challenge, inactive, { dailySummaries });
      expect(total.progress).toBe(11_001);
    });
  });

  describe('goal reached and data times', () => {
    it('finds when the running total reached the goal and when the score took its value', () => {
      const challenge = ChallengeMother.create({ dataSource: 'workout', goalType: 'DISTANCE', goalValue: 10_000, goal: 'TOTAL' });
      const at = (h: number): Date => new Date(Date.UTC(2026, 2, 2, h));
      const workouts = [
        Records.workout({ start: at(9), distance: 6000 }),
        Records.workout({ start: at(7), distance: 5000 }), // 5000 at 07:00, 11000 at 09:00: reached at 09:00
        Records.workout({ start: at(11), distance: 0 }), // adds nothing: not the score's time
      ];
      const [result] = scoreMemberPeriods(PeriodCalendar.of(challenge), challenge, member, { workouts });
      expect(result).toEqual({ periodIndex: 0, progress: 11_000, goalReached: true, goalReachedAt: at(9), reachedAt: at(9) });
    });

    it('drops the reach time when a negative value takes the total below the goal again', () => {
      const challenge = ChallengeMother.create({ goalType: 'POINTS', goalValue: 10, goal: 'TOTAL' });
      const at = (h: number): Date => new Date(Date.UTC(2026, 2, 2, h));
      const events = [
        Records.event({ points: 12, timestamp: at(8) }), // 12 >= 10 at 08:00
        Records.event({ points: -5, timestamp: at(9) }), // 7 < 10
        Records.event({ points: 4, timestamp: at(10) }), // 11 >= 10 again at 10:00
      ];
      const [result] = scoreMemberPeriods(PeriodCalendar.of(challenge), challenge, member, { events });
      expect(result.goalReachedAt).toEqual(at(10));
      const [below] = scoreMemberPeriods(PeriodCalendar.of(challenge), challenge, member, { events: events.slice(0, 2) });
      expect(below).toMatchObject({ progress: 7, goalReached: false, goalReachedAt: null, reachedAt: at(9) });
    });

    it('never reaches a no-goal challenge and can return chosen periods only', () => {
      const leaderboard = ChallengeMother.create({ goalValue: null });
      const [result] = scoreMemberPeriods(PeriodCalendar.of(leaderboard), leaderboard, member, {
        dailySummaries: [Records.dailySummary({ steps: 50_000 })],
      });
      expect(result).toMatchObject({ progress: 50_000, goalReached: false, goalReachedAt: null });
      const daily = ChallengeMother.create();
      const chosen = scoreMemberPeriods(PeriodCalendar.of(daily), daily, member, {}, { periodIndexes: [3, 5] });
      expect(chosen.map((p) => [p.periodIndex, p.progress])).toEqual([[3, 0], [5, 0]]);
    });
  });

  describe('properties', () => {
    const challenge = ChallengeMother.create({ goalType: 'DISTANCE', dataSource: 'workout', goal: 'DAILY', goalValue: 10_000 });
    const calendar = PeriodCalendar.of(challenge);
    const workoutArb = fc.record({
      hour: fc.integer({ min: -24, max: 8 * 24 }), // also before the start and after the end
      distance: fc.double({ min: 0, max: 50_000, noNaN: true }),
    }).map(({ hour, distance }) => Records.workout({ start: new Date(Date.UTC(2026, 2, 2, hour)), distance }));

    it('the order of records never changes a score', () => {
      fc.assert(
        fc.property(fc.array(workoutArb, { maxLength: 40 }).chain((ws) => fc.tuple(fc.constant(ws), fc.shuffledSubarray(ws, { minLength: ws.length, maxLength: ws.length }))),
          ([workouts, shuffled]) => {
            const a = scoreMemberPeriods(calendar, challenge, member, { workouts });
            const b = scoreMemberPeriods(calendar, challenge, member, { workouts: shuffled });
            expect(b).toEqual(a);
          }),
      );
    });

    it('under SUM a team scores exactly the sum of its members\' contributions', () => {
      const summaryArb = fc.record({ day: fc.integer({ min: 2, max: 8 }), steps: fc.integer({ min: 0, max: 40_000 }) });
      fc.assert(
        fc.property(fc.array(fc.array(summaryArb, { maxLength: 10 }), { minLength: 1, maxLength: 6 }), (team) => {
          const teamChallenge = ChallengeMother.create({ type: 'TEAM', goal: 'TOTAL' });
          const teamCalendar = PeriodCalendar.of(teamChallenge);
          const contributions = team.map((days) => {
            const dailySummaries: DailySummary[] = days.map(({ day, steps }) => Records.dailySummary({ date: `2026-03-0${day}`, steps }));
            return scoreMemberPeriods(teamCalendar, teamChallenge, member, { dailySummaries })[0].progress;
          });
          const allSteps = team.flat().reduce((sum, { steps }) => sum + steps, 0);
          expect(aggregateProgress('SUM', contributions, team.length)).toBe(allSteps);
        }),
      );
    });
  });
});

describe(aggregateProgress.name, () => {
  it.each<[string, Parameters<typeof aggregateProgress>, number]>([
    ['SUM adds every contribution', ['SUM', [100, 250, 0], 3], 350],
    ['AVERAGE divides by all enrolled members, with or without data', ['AVERAGE', [100, 250, 0], 4], 87.5], // 350 / 4
    ['AVERAGE of one member is its value', ['AVERAGE', [420], 1], 420],
    ['AVERAGE of nobody is 0', ['AVERAGE', [], 0], 0],
  ])('%s', (_name, args, expected) => {
    expect(aggregateProgress(...args)).toBe(expected);
  });
});

describe('record values', () => {
  const summary = Records.dailySummary({ distance: 1, steps: 2, calories: 3, activeDurationSeconds: 4 });
  const workout = Records.workout({ distance: 5, steps: null, calories: 7, durationSeconds: 8, activityType: 'ROWING' });
  const pointsOf: RecordPointsFunction = () => 9;

  it.each<[GoalType, number, number]>([
    ['DISTANCE', 1, 5],
    ['STEPS', 2, 0], // a workout without steps counts 0
    ['CALORIES', 3, 7],
    ['DURATION', 4, 8],
    ['POINTS', 9, 9],
  ])('%s: daily summary %d, workout %d', (goalType, summaryValue, workoutValueExpected) => {
    expect(dailySummaryValue(goalType, summary, pointsOf)).toBe(summaryValue);
    expect(workoutValue(goalType, workout, pointsOf)).toBe(workoutValueExpected);
  });

  it('scores 0 when the member has no records of the data source', () => {
    const challenge = ChallengeMother.create({ dataSource: 'workout', goal: 'TOTAL' });
    expect(progressOf(challenge, {})).toEqual([0]);
    expect(progressOf(ChallengeMother.create({ goal: 'TOTAL' }), {})).toEqual([0]);
  });

  it('filters workouts by activity type, empty meaning all', () => {
    expect(workoutMatches({ activityTypes: [] }, workout)).toBe(true);
    expect(workoutMatches({ activityTypes: ['ROWING', 'RUNNING'] }, workout)).toBe(true);
    expect(workoutMatches({ activityTypes: ['RUNNING'] }, workout)).toBe(false);
  });
});
