import { ChallengeMother } from '../../testing/challenge-mother';
import {
  ChallengePeriodEvent,
  challengeEnded,
  challengeEventPushBody,
  challengeStarted,
  isChallengePeriodEvent,
} from './challenge-events';

describe(challengeEventPushBody.name, () => {
  const challenge = ChallengeMother.create({ id: 'c-1', title: 'Spring steps' });
  const at = new Date('2026-03-02T00:00:00Z');

  it.each([
    ['challenge_start', challengeStarted(challenge, at)],
    ['challenge_end', challengeEnded(challenge, at)],
  ])('serializes %s with event_timestamp', (name, event) => {
    expect(challengeEventPushBody(event)).toEqual({
      event: name,
      event_timestamp: '2026-03-02T00:00:00.000Z',
      challenge_id: 'c-1',
      challenge_title: 'Spring steps',
    });
  });

  const period: Omit<ChallengePeriodEvent, 'event'> = {
    appId: 'app-1',
    challengeId: 'c-1',
    challengeTitle: 'Spring steps',
    eventTimestamp: at,
    periodIndex: 0,
    periodStart: at,
    periodEnd: new Date('2026-03-03T00:00:00Z'),
    model: 'profile',
    modelId: 'p-1',
    goalReachedProportion: 0.5,
    currentScore: 5000,
    threshold: 0.5,
  };
  const periodFields = {
    challenge_id: 'c-1',
    challenge_title: 'Spring steps',
    period_start: '2026-03-02T00:00:00.000Z',
    period_end: '2026-03-03T00:00:00.000Z',
    model: 'profile',
    model_id: 'p-1',
  };

  it('serializes challenge_period_goal_reached with the period and the profile', () => {
    expect(challengeEventPushBody({ ...period, event: 'challenge_period_goal_reached' }))
      .toEqual({ event: 'challenge_period_goal_reached', ...periodFields });
  });

  it('adds goal_reached_proportion and current_score to partial_period_goal_reached', () => {
    expect(challengeEventPushBody({ ...period, event: 'partial_period_goal_reached' })).toEqual({
      event: 'partial_period_goal_reached',
      ...periodFields,
      goal_reached_proportion: 0.5,
      current_score: 5000,
    });
  });

  it('tells period events from lifecycle events', () => {
    expect(isChallengePeriodEvent({ ...period, event: 'partial_period_goal_reached' })).toBe(true);
    expect(isChallengePeriodEvent(challengeStarted(challenge, at))).toBe(false);
  });
});
