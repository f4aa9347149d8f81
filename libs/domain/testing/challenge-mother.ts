import { PointsEvent } from '../src/points/points-event';
import { DailySummary, Workout } from '../src/records/activity-records';
import { Challenge, DEFAULT_GRACE_DAYS } from '../src/challenge/challenge';
import { MemberPeriodScore } from '../src/challenge/member-period-score';
import { EMPTY_REPETITION_STATE } from '../src/challenge/repetition';
import { ChallengeMember } from '../src/membership/challenge-member';

/**
 * Test data builders ("mothers") for scoring. Defaults: an INDIVIDUAL, DAILY, 10,000-step,
 * NONE/SUM challenge on daily summaries, in UTC, over the week Mon 2026-03-02 .. Mon 2026-03-09.
 */
export const ChallengeMother = {
  create(overrides: Partial<Challenge> = {}): Challenge {
    return {
      id: 'challenge-1',
      appId: 'app-1',
      title: 'Ten thousand a day',
      start: new Date('2026-03-02T00:00:00Z'),
      end: new Date('2026-03-09T00:00:00Z'),
      timezone: 'UTC',
      type: 'INDIVIDUAL',
      goal: 'DAILY',
      goalValue: 10_000,
      goalType: 'STEPS',
      repetition: 'NONE',
      calculationMethod: 'SUM',
      dataSource: 'dailysummary',
      activityTypes: [],
      enrollmentMethod: 'MANUAL',
      visibility: 'PUBLIC',
      graceDays: DEFAULT_GRACE_DAYS,
      ...overrides,
    };
  },
};

export const ChallengeMemberMother = {
  create(overrides: Partial<ChallengeMember> = {}): ChallengeMember {
    return {
      challengeId: 'challenge-1',
      profileId: 'profile-1',
      teamId: null,
      joinedAt: new Date('2026-03-01T00:00:00Z'),
      inactiveIntervals: [],
      ...overrides,
    };
  },
};

let sequence = 0;
const nextId = (prefix: string): string => `${prefix}-${++sequence}`;

export const ActivityRecordMother = {
  dailySummary(overrides: Partial<DailySummary> = {}): DailySummary {
    return {
      profileId: 'profile-1',
      source: 'GARMIN',
      externalId: nextId('summary'),
      date: '2026-03-02',
      distance: 0,
      steps: 0,
      calories: 0,
      activeDurationSeconds: 0,
      ...overrides,
    };
  },

  workout(overrides: Partial<Workout> = {}): Workout {
    return {
      profileId: 'profile-1',
      source: 'GARMIN',
      externalId: nextId('workout'),
      activityType: 'RUNNING',
      start: new Date('2026-03-02T07:00:00Z'),
      durationSeconds: 1800,
      distance: 5000,
      steps: null,
      calories: null,
      isManual: false,
      ...overrides,
    };
  },

  event(overrides: Partial<PointsEvent> = {}): PointsEvent {
    return {
      id: nextId('event'),
      profileId: 'profile-1',
      name: 'quiz',
      points: 10,
      timestamp: new Date('2026-03-02T12:00:00Z'),
      activityType: null,
      reference: '',
      ...overrides,
    };
  },
};

/** A stored score; period dates default to the default challenge's DAILY period of `periodIndex`. */
export const MemberPeriodScoreMother = {
  create(overrides: Partial<MemberPeriodScore> & Pick<MemberPeriodScore, 'profileId'>): MemberPeriodScore {
    const periodIndex = overrides.periodIndex ?? 0;
    const periodStart = new Date(Date.UTC(2026, 2, 2 + periodIndex));
    return {
      challengeId: 'challenge-1',
      teamId: null,
      periodIndex,
      periodStart,
      periodEnd: new Date(periodStart.getTime() + 86_400_000),
      progress: 0,
      goalReached: false,
      goalReachedAt: null,
      reachedAt: null,
      repetition: EMPTY_REPETITION_STATE,
      firedThresholds: [],
      totals: { distance: 0, steps: 0, calories: 0, durationSeconds: 0, points: 0 },
      updatedAt: new Date('2026-03-02T00:00:00Z'),
      ...overrides,
    };
  },
};
