import { ChallengeDefinition, DEFAULT_GRACE_DAYS } from '@strive/domain';

/** Profiles of `demo seed` carry this reference prefix: how a second run sees the first. */
export const DEMO_REFERENCE_PREFIX = 'demo-seed-';
export const DEMO_DAYS = 30;
const DAY_MS = 86_400_000;

const NAMES = [
  'Ann Runner', 'Bo Walker', 'Cleo Cyclist', 'Dev Swimmer', 'Eli Hiker', 'Fay Rower',
  'Gus Climber', 'Hana Skier', 'Ivo Dancer', 'Jun Boxer', 'Kai Paddler', 'Lea Skater',
];
const TEAMS = ['Early Birds', 'Night Owls', 'Weekend Warriors'];
const WORKOUT_TYPES = ['RUNNING', 'CYCLING', 'WALKING', 'SWIMMING', 'HIKING', 'ROWING'];

export interface DemoProfile {
  readonly name: string;
  readonly gender: string | null;
  readonly reference: string;
  /** Index into DEMO_TEAMS. */
  readonly team: number;
}

/** A small deterministic generator (mulberry32): the same seed gives the same month every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const DEMO_TEAMS = TEAMS;

export const demoProfiles = (): DemoProfile[] =>
  NAMES.map((name, index) => ({
    name,
    gender: index % 2 === 0 ? 'female' : 'male',
    reference: `${DEMO_REFERENCE_PREFIX}${String(index + 1).padStart(2, '0')}`,
    team: index % TEAMS.length,
  }));

/** Midnight UTC of the day of `now`. */
const dayOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const isoDate = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The upload of one profile for the last DEMO_DAYS days up to yesterday (the body of POST
 * profile/{id}/data/): a daily summary a day and a workout about every third day, each
 * profile with its own level of activity.
 */
export function demoUpload(profileIndex: number, now: Date): Record<string, unknown> {
  const next = random(profileIndex + 1);
  const level = 0.5 + profileIndex / NAMES.length;
  const today = dayOf(now);
  const dailySummaries: Record<string, unknown>[] = [];
  const workouts: Record<string, unknown>[] = [];
  for (let back = DEMO_DAYS; back >= 1; back--) {
    const day = new Date(today.getTime() - back * DAY_MS);
    const steps = Math.round((4000 + next() * 9000) * level);
    dailySummaries.push({
      external_id: `demo-day-${isoDate(day)}`,
      date: isoDate(day),
      steps,
      distance: Math.round(steps * 0.75),
      calories: Math.round(1800 + steps * 0.04),
    });
    if (next() < 0.35) {
      const minutes = Math.round(20 + next() * 70);
      const type = WORKOUT_TYPES[(profileIndex + back) % WORKOUT_TYPES.length];
      workouts.push({
        external_id: `demo-workout-${isoDate(day)}`,
        timestamp: new Date(day.getTime() + (7 + Math.floor(next() * 12)) * 3_600_000).toISOString(),
        duration: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00.000000`,
        type,
        distance: Math.round(minutes * (type === 'CYCLING' ? 400 : type === 'SWIMMING' ? 40 : 150) * level),
      });
    }
  }
  return { source: 'STRIVE', daily_summary: dailySummaries, workout: workouts };
}

/**
 * Four challenges of different kinds over the seeded month and the one to come: a steps
 * leaderboard, a daily goal with a streak, a team distance race and a weekly workout-minutes goal.
 */
export function demoChallenges(now: Date): ChallengeDefinition[] {
  const start = new Date(dayOf(now).getTime() - DEMO_DAYS * DAY_MS);
  const end = new Date(dayOf(now).getTime() + DEMO_DAYS * DAY_MS);
  const common = {
    start, end, timezone: 'UTC', repetition: 'NONE', calculationMethod: 'SUM', activityTypes: [] as string[],
    enrollmentMethod: 'MANUAL', visibility: 'PUBLIC', graceDays: DEFAULT_GRACE_DAYS, slogan: '', description: 'Created by `demo seed`.', avatar: null,
  } as const;
  return [
    { ...common, title: 'Most steps (demo)', type: 'INDIVIDUAL', goal: 'TOTAL', goalValue: null, goalType: 'STEPS', dataSource: 'dailysummary' },
    { ...common, title: '8,000 steps a day (demo)', type: 'INDIVIDUAL', goal: 'DAILY', goalValue: 8000, goalType: 'STEPS', repetition: 'STREAK', dataSource: 'dailysummary' },
    { ...common, title: 'Team distance race (demo)', type: 'TEAM', goal: 'TOTAL', goalValue: null, goalType: 'DISTANCE', dataSource: 'dailysummary' },
    { ...common, title: '150 workout minutes a week (demo)', type: 'INDIVIDUAL', goal: 'WEEKLY', goalValue: 9000, goalType: 'DURATION', dataSource: 'workout' },
  ];
}
