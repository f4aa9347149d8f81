import { Challenge } from '../challenge/challenge';

/** Challenge status events (interface.md "Challenge status pushes"); the lower-case names are the wire values. */
export const CHALLENGE_EVENT_NAMES = [
  'challenge_start',
  'challenge_end',
  'challenge_period_goal_reached',
  'partial_period_goal_reached',
] as const;
export type ChallengeEventName = (typeof CHALLENGE_EVENT_NAMES)[number];

interface ChallengeEventBase {
  readonly appId: string;
  readonly challengeId: string;
  readonly challengeTitle: string;
  /** When the event happened (processing time). */
  readonly eventTimestamp: Date;
}

export interface ChallengeLifecycleEvent extends ChallengeEventBase {
  readonly event: 'challenge_start' | 'challenge_end';
}

interface PeriodGoalEventBase extends ChallengeEventBase {
  readonly periodIndex: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly model: 'profile';
  /** The profile's public id. */
  readonly modelId: string;
  /** progress / goal value at the time of the event (may exceed 1). */
  readonly goalReachedProportion: number;
  /** The member's progress in the period at the time of the event. */
  readonly currentScore: number;
  /** The highest threshold crossed by this score change (0.25, 0.5, 0.75 or 1). */
  readonly threshold: number;
}

export interface ChallengePeriodGoalReachedEvent extends PeriodGoalEventBase {
  readonly event: 'challenge_period_goal_reached';
}

export interface PartialPeriodGoalReachedEvent extends PeriodGoalEventBase {
  readonly event: 'partial_period_goal_reached';
}

export type ChallengePeriodEvent = ChallengePeriodGoalReachedEvent | PartialPeriodGoalReachedEvent;
export type ChallengeDomainEvent = ChallengeLifecycleEvent | ChallengePeriodEvent;

export function challengeStarted(challenge: Challenge, at: Date): ChallengeLifecycleEvent {
  return lifecycle('challenge_start', challenge, at);
}

export function challengeEnded(challenge: Challenge, at: Date): ChallengeLifecycleEvent {
  return lifecycle('challenge_end', challenge, at);
}

function lifecycle(event: ChallengeLifecycleEvent['event'], challenge: Challenge, at: Date): ChallengeLifecycleEvent {
  return {
    event,
    appId: challenge.appId,
    challengeId: challenge.id,
    challengeTitle: challenge.title,
    eventTimestamp: at,
  };
}

export type ChallengePushBody = Readonly<Record<string, string | number>>;

/** How an instant is written (Date.toISOString; a bulk writer passes a memo of it). */
export type IsoString = (date: Date) => string;
const toIsoString: IsoString = (date) => date.toISOString();

/**
 * The JSON body pushed for an event, with exactly the fields of interface.md: lifecycle events
 * carry event_timestamp; period events carry the period and the profile; the partial event adds
 * goal_reached_proportion and current_score. Date-times are ISO 8601 UTC.
 */
export function challengeEventPushBody(event: ChallengeDomainEvent, iso: IsoString = toIsoString): ChallengePushBody {
  if (!isChallengePeriodEvent(event)) {
    return {
      event: event.event,
      event_timestamp: iso(event.eventTimestamp),
      challenge_id: event.challengeId,
      challenge_title: event.challengeTitle,
    };
  }
  const body = {
    event: event.event,
    challenge_id: event.challengeId,
    challenge_title: event.challengeTitle,
    period_start: iso(event.periodStart),
    period_end: iso(event.periodEnd),
    model: event.model,
    model_id: event.modelId,
  };
  if (event.event === 'challenge_period_goal_reached') return body;
  return { ...body, goal_reached_proportion: event.goalReachedProportion, current_score: event.currentScore };
}

export function isChallengePeriodEvent(event: ChallengeDomainEvent): event is ChallengePeriodEvent {
  return event.event === 'challenge_period_goal_reached' || event.event === 'partial_period_goal_reached';
}

/**
 * What an event is about: the outbox writes an event of a key once, so rescoring (late data,
 * changed rules) never announces the same member's period threshold, or a challenge's start or
 * end, twice.
 */
export function challengeEventKey(event: ChallengeDomainEvent, iso: IsoString = toIsoString): string {
  if (!isChallengePeriodEvent(event)) return `${event.event}:${event.challengeId}`;
  return `threshold:${event.challengeId}:${event.modelId}:${iso(event.periodStart)}:${iso(event.periodEnd)}:${event.threshold}`;
}
