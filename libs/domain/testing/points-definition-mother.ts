import { ActivityPointsRule, DailyPointsRule, PointsDefinition, NO_ACTIVITY_POINTS } from '../src/points/points-definition';

/** A definition of app-1 that awards nothing until a test says otherwise. */
export const PointsDefinitionMother = {
  create(overrides: Partial<Omit<PointsDefinition, 'daily'>> & { daily?: Partial<DailyPointsRule> } = {}): PointsDefinition {
    const { daily, ...rest } = overrides;
    return {
      appId: 'app-1',
      activities: [],
      otherActivities: null,
      countManualWorkouts: true,
      ...rest,
      daily: { per1000Steps: 0, perKilometre: 0, perKcal: 0, perActiveMinute: 0, maxPerDay: null, ...daily },
    };
  },

  activityRule(activityType: string, overrides: Partial<ActivityPointsRule> = {}): ActivityPointsRule {
    return { ...NO_ACTIVITY_POINTS, activityType, ...overrides };
  },
};
