import { ActivityRecordMother } from '../../testing/challenge-mother';
import { PointsDefinitionMother } from '../../testing/points-definition-mother';
import { activityRateFor, dailySummaryPoints, roundPoints, totalPoints, workoutPoints } from './points-calculator';
import { MAX_POINTS_CAP, MAX_POINTS_RATE, NO_ACTIVITY_POINTS, defaultPointsDefinition, validatePointsDefinition } from './points-definition';
import { PointsError, PointsErrorCode } from './points-error';
import { createPointsEvent } from './points-event';

const { activityRule } = PointsDefinitionMother;
const definition = PointsDefinitionMother.create({
  daily: { per1000Steps: 1, maxPerDay: 20 },
  activities: [
    activityRule('RUNNING', { perWorkout: 10, perKilometre: 2, minDurationSeconds: 600 }),
    activityRule('CYCLING', { perKilometre: 0.5, maxPerWorkout: 30 }),
    activityRule('MEDITATION'), // all zero: an event-only challenge's activity type
  ],
  otherActivities: { ...NO_ACTIVITY_POINTS, perMinute: 0.2, minDurationSeconds: 300 },
});
const day = ActivityRecordMother.dailySummary;
const workout = ActivityRecordMother.workout;

describe('points of one record', () => {
  it.each([
    ['7,500 steps at 1 per 1000', 7_500, 7.5],
    ['25,000 steps, capped at 20 a day', 25_000, 20],
    ['no steps', 0, 0],
  ])('daily summary: %s -> %s', (_, steps, points) => {
    expect(dailySummaryPoints(definition, day({ steps, distance: 9000, calories: 2500 }))).toBe(points);
  });

  it('adds every daily rate: 2 per km, 0.01 per kcal, 0.5 per active minute', () => {
    const rich = PointsDefinitionMother.create({ daily: { per1000Steps: 1, perKilometre: 2, perKcal: 0.01, perActiveMinute: 0.5 } });
    // 8 (steps) + 2 * 6.5 (km) + 0.01 * 2100 (kcal) + 0.5 * 40 (min) = 8 + 13 + 21 + 20 = 62
    expect(dailySummaryPoints(rich, day({ steps: 8000, distance: 6500, calories: 2100, activeDurationSeconds: 2400 }))).toBe(62);
  });

  it.each([
    ['RUNNING 5 km in 30 min: 10 + 2 * 5', { activityType: 'RUNNING', distance: 5000, durationSeconds: 1800 }, 20],
    ['RUNNING 5.25 km: 10 + 2 * 5.25', { activityType: 'RUNNING', distance: 5250, durationSeconds: 1800 }, 20.5],
    ['RUNNING shorter than its 10 min minimum', { activityType: 'RUNNING', distance: 2000, durationSeconds: 599 }, 0],
    ['CYCLING 80 km: 0.5 * 80 = 40, capped at 30', { activityType: 'CYCLING', distance: 80_000, durationSeconds: 9000 }, 30],
    ['MEDITATION (a rule of zeros beats otherActivities)', { activityType: 'MEDITATION', distance: 0, durationSeconds: 1200 }, 0],
    ['YOGA 50 min through otherActivities: 0.2 * 50', { activityType: 'YOGA', distance: 0, durationSeconds: 3000 }, 10],
    ['YOGA under the 5 min minimum', { activityType: 'YOGA', distance: 0, durationSeconds: 299 }, 0],
  ])('workout: %s -> %s', (_, fields, points) => {
    expect(workoutPoints(definition, workout(fields))).toBe(points);
  });

  it('adds per-kcal points, treating unknown calories as 0', () => {
    const kcal = PointsDefinitionMother.create({ activities: [activityRule('ROWING', { perKcal: 0.1 })] });
    expect(workoutPoints(kcal, workout({ activityType: 'ROWING', calories: 455 }))).toBe(45.5);
    expect(workoutPoints(kcal, workout({ activityType: 'ROWING', calories: null }))).toBe(0);
  });

  it('ignores manual workouts when the app says so', () => {
    const manual = workout({ activityType: 'RUNNING', isManual: true });
    expect(workoutPoints(definition, manual)).toBe(20);
    expect(workoutPoints({ ...definition, countManualWorkouts: false }, manual)).toBe(0);
  });

  it('without a rule and without otherActivities an activity earns nothing', () => {
    const bare = PointsDefinitionMother.create();
    expect(activityRateFor(bare, 'YOGA')).toBe(NO_ACTIVITY_POINTS);
    expect(workoutPoints(bare, workout({ activityType: 'YOGA', durationSeconds: 3600 }))).toBe(0);
  });

  it('rounds to 2 decimals', () => {
    expect(roundPoints(0.1 + 0.2)).toBe(0.3);
    expect(roundPoints(1.005)).toBe(1.01);
    expect(roundPoints(7.123)).toBe(7.12);
  });
});

describe(totalPoints.name, () => {
  it('sums deduplicated daily summaries, deduplicated workouts and events', () => {
    const breakdown = totalPoints(definition, {
      dailySummaries: [
        day({ source: 'GARMIN', date: '2026-03-02', steps: 8000 }),
        day({ source: 'APPLE', date: '2026-03-02', steps: 9000 }), // merged with GARMIN: max 9000 -> 9
        day({ source: 'FITBIT', date: '2026-03-03', steps: 12_340 }), // 12.34
      ],
      workouts: [
        workout({ source: 'GARMIN', activityType: 'RUNNING', distance: 5000, durationSeconds: 1800 }), // 20
        workout({ source: 'STRAVA', activityType: 'RUNNING', distance: 5010, durationSeconds: 1795 }), // same run: not paid twice
        workout({ source: 'GARMIN', activityType: 'YOGA', distance: 0, durationSeconds: 3000, start: new Date('2026-03-02T19:00:00Z') }), // 10
      ],
      events: [ActivityRecordMother.event({ points: 15 }), ActivityRecordMother.event({ points: 5 })],
    });
    expect(breakdown).toEqual({ dailySummaries: 21.34, workouts: 30, events: 20, total: 71.34 });
  });

  it('is 0 for a profile without records', () => {
    expect(totalPoints(definition, { dailySummaries: [], workouts: [], events: [] })).toEqual({ dailySummaries: 0, workouts: 0, events: 0, total: 0 });
  });
});

describe(validatePointsDefinition.name, () => {
  const fieldOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof PointsError) return [error.code, error.field];
      throw error;
    }
    return null;
  };

  it('accepts the example definition and the default one', () => {
    expect(validatePointsDefinition(definition)).toBe(definition);
    expect(fieldOf(() => validatePointsDefinition(defaultPointsDefinition('app-1')))).toBeNull();
  });

  it.each<[string, Parameters<typeof PointsDefinitionMother.create>[0], [PointsErrorCode, string]]>([
    ['a negative daily rate', { daily: { per1000Steps: -1 } }, [PointsErrorCode.InvalidRate, 'daily.per1000Steps']],
    ['a NaN daily cap', { daily: { maxPerDay: NaN } }, [PointsErrorCode.InvalidRate, 'daily.maxPerDay']],
    ['an infinite activity rate', { activities: [activityRule('RUNNING', { perMinute: Infinity })] }, [PointsErrorCode.InvalidRate, 'activities[0].perMinute']],
    ['a negative workout cap', { activities: [activityRule('RUNNING', { maxPerWorkout: -1 })] }, [PointsErrorCode.InvalidRate, 'activities[0].maxPerWorkout']],
    ['a negative minimum duration of otherActivities', { otherActivities: { ...NO_ACTIVITY_POINTS, minDurationSeconds: -1 } }, [PointsErrorCode.InvalidRate, 'otherActivities.minDurationSeconds']],
    ['a daily rate over 10000', { daily: { per1000Steps: 10_000.01 } }, [PointsErrorCode.InvalidRate, 'daily.per1000Steps']],
    ['a daily cap of 1e308', { daily: { maxPerDay: 1e308 } }, [PointsErrorCode.InvalidRate, 'daily.maxPerDay']],
    ['a per-workout bonus over 10000', { activities: [activityRule('RUNNING', { perWorkout: 10_001 })] }, [PointsErrorCode.InvalidRate, 'activities[0].perWorkout']],
    ['a workout cap over 1e9', { activities: [activityRule('RUNNING', { maxPerWorkout: 1_000_000_001 })] }, [PointsErrorCode.InvalidRate, 'activities[0].maxPerWorkout']],
    ['a minimum duration over 7 days', { otherActivities: { ...NO_ACTIVITY_POINTS, minDurationSeconds: 604_801 } }, [PointsErrorCode.InvalidRate, 'otherActivities.minDurationSeconds']],
    ['two rules for RUNNING', { activities: [activityRule('RUNNING'), activityRule('RUNNING')] }, [PointsErrorCode.DuplicateActivityRule, 'activities[1].activityType']],
    ['distance rewarded daily and per workout', { daily: { perKilometre: 1 }, activities: [activityRule('RUNNING', { perKilometre: 1 })] }, [PointsErrorCode.MetricCountedTwice, 'activities[0].perKilometre']],
    ['calories rewarded daily and by otherActivities', { daily: { perKcal: 0.01 }, otherActivities: { ...NO_ACTIVITY_POINTS, perKcal: 0.01 } }, [PointsErrorCode.MetricCountedTwice, 'otherActivities.perKcal']],
    ['active minutes daily and workout minutes', { daily: { perActiveMinute: 1 }, activities: [activityRule('YOGA', { perMinute: 1 })] }, [PointsErrorCode.MetricCountedTwice, 'activities[0].perMinute']],
  ])('refuses %s', (_, overrides, expected) => {
    expect(fieldOf(() => validatePointsDefinition(PointsDefinitionMother.create(overrides)))).toEqual(expected);
  });

  it('accepts every bound itself', () => {
    const top = PointsDefinitionMother.create({
      daily: { per1000Steps: MAX_POINTS_RATE, perKilometre: 0, perKcal: 0, perActiveMinute: 0, maxPerDay: MAX_POINTS_CAP },
      activities: [activityRule('RUNNING', { perWorkout: 10_000, perKilometre: 10_000, perMinute: 10_000, perKcal: 10_000, minDurationSeconds: 604_800, maxPerWorkout: 1_000_000_000 })],
    });
    expect(fieldOf(() => validatePointsDefinition(top))).toBeNull();
  });

  it('keeps the points of the largest workout at the top rates exact to the cent', () => {
    // 10000 + 5000 km x 10000 + 10080 min x 10000 + 100000 kcal x 10000 = 1,150,810,000.
    const rate = { ...NO_ACTIVITY_POINTS, perWorkout: 10_000, perKilometre: 10_000, perMinute: 10_000, perKcal: 10_000 };
    const top = PointsDefinitionMother.create({ daily: { per1000Steps: 0 }, activities: [], otherActivities: rate });
    const longest = workout({ distance: 5_000_000, durationSeconds: 604_800, calories: 100_000 });
    expect(workoutPoints(top, longest)).toBe(1_150_810_000);
  });

  it('allows one metric per family: daily distance with workout bonuses and minutes', () => {
    const ok = PointsDefinitionMother.create({ daily: { perKilometre: 1 }, activities: [activityRule('RUNNING', { perWorkout: 5, perMinute: 0.1 })] });
    expect(validatePointsDefinition(ok)).toBe(ok);
  });
});

it('PointsError names no field unless one is given', () => {
  expect(new PointsError(PointsErrorCode.InvalidRate, 'bad').field).toBeNull();
});

describe(createPointsEvent.name, () => {
  const now = new Date('2026-03-04T12:00:00Z');

  it('defaults the timestamp to now, the activity type to null and the reference to empty', () => {
    expect(createPointsEvent('e1', { profileId: 'profile-1', name: ' quiz ', points: 10 }, now)).toEqual({
      id: 'e1', profileId: 'profile-1', name: 'quiz', points: 10, timestamp: now, activityType: null, reference: '',
    });
  });

  it('accepts a million points at 1900-01-01T00:00Z, the bounds themselves', () => {
    const timestamp = new Date('1900-01-01T00:00:00Z');
    expect(createPointsEvent('e1', { profileId: 'p', name: 'n', points: 1_000_000, timestamp }, now)).toMatchObject({ points: 1_000_000, timestamp });
  });

  it('keeps a given timestamp (up to 5 minutes ahead for clock skew), activity type and reference', () => {
    const timestamp = new Date('2026-03-04T12:05:00Z');
    const event = createPointsEvent('e1', { profileId: 'p', name: 'n', points: 0, timestamp, activityType: 'MEDITATION', reference: 'r-1' }, now);
    expect([event.timestamp, event.activityType, event.reference, event.points]).toEqual([timestamp, 'MEDITATION', 'r-1', 0]);
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'name'],
    ['negative points', { points: -1 }, 'points'],
    ['NaN points', { points: NaN }, 'points'],
    ['1e308 points', { points: 1e308 }, 'points'],
    ['points over a million', { points: 1_000_000.01 }, 'points'],
    ['a year-0001 timestamp', { timestamp: new Date('0001-01-01T00:00:00Z') }, 'timestamp'],
    ['a timestamp just before 1900', { timestamp: new Date('1899-12-31T23:59:59.999Z') }, 'timestamp'],
    ['an invalid timestamp', { timestamp: new Date('x') }, 'timestamp'],
    ['a timestamp more than 5 minutes ahead', { timestamp: new Date('2026-03-04T12:05:00.001Z') }, 'timestamp'],
  ])('refuses %s', (_, overrides, field) => {
    expect(() => createPointsEvent('e1', { profileId: 'p', name: 'quiz', points: 1, ...overrides }, now)).toThrow(
      expect.objectContaining({ code: PointsErrorCode.InvalidEvent, field }),
    );
  });
});
