import { PushSecrets } from './push-secret';

/**
 * What a push endpoint receives: one of the pushable data types of interface.md "Data pushes"
 * (`workout` is the vendor workout record, `activity` the workout push record) or `challenge`
 * (the challenge status events).
 */
export const PUSH_DATA_TYPES = [
  'activity', 'biometric', 'daily_summary', 'heart_rate', 'workout', 'sleep_summary', 'stress_sample', 'stress_summary', 'challenge',
] as const;
export type PushDataType = (typeof PUSH_DATA_TYPES)[number];
export type DataPushType = Exclude<PushDataType, 'challenge'>;

/** The serialization of pushed data (interface.md: V1 mirrors the API data model). */
export const PUSH_VERSIONS = ['V1'] as const;
export type PushVersion = (typeof PUSH_VERSIONS)[number];

/** Endpoints per app: an event fans out into one delivery per endpoint of its type. */
export const MAX_PUSH_ENDPOINTS_PER_APP = 100;

/** An endpoint failing without a success for this long is disabled (contract: 5 days). */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;

export interface PushEndpoint extends PushSecrets {
  readonly id: string;
  readonly appId: string;
  readonly dataType: PushDataType;
  readonly url: string;
  readonly active: boolean;
  readonly version: PushVersion;
  /** First failed attempt since the last success; null while the endpoint answers. */
  readonly failingSince: Date | null;
  /** Why the service set `active` false (null when it did not, or after an operator re-activated it). */
  readonly disabledReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The fields an administrator sets. */
export interface PushEndpointFields {
  readonly dataType: PushDataType;
  readonly url: string;
  readonly active: boolean;
  readonly version: PushVersion;
}

/** A change of some fields; re-activating clears the failure streak and the disabled reason. */
export function changedEndpoint(endpoint: PushEndpoint, change: Partial<PushEndpointFields>, now: Date): PushEndpoint {
  const reactivated = change.active === true && !endpoint.active;
  return {
    ...endpoint,
    ...change,
    failingSince: reactivated ? null : endpoint.failingSince,
    disabledReason: change.active === undefined ? endpoint.disabledReason : null,
    updatedAt: now,
  };
}

/**
 * The endpoint after a delivery attempt: a success ends a failure streak; a failure starts one
 * or, when the streak has lasted 5 days, disables the endpoint with the reason.
 */
export function endpointAfterAttempt(endpoint: PushEndpoint, succeeded: boolean, now: Date): PushEndpoint {
  if (succeeded) return endpoint.failingSince === null ? endpoint : { ...endpoint, failingSince: null, updatedAt: now };
  const failingSince = endpoint.failingSince ?? now;
  if (endpoint.active && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
    return {
      ...endpoint,
      failingSince,
      active: false,
      disabledReason: `Disabled at ${now.toISOString()}: every delivery failed since ${failingSince.toISOString()} (5 days).`,
      updatedAt: now,
    };
  }
  return failingSince === endpoint.failingSince ? endpoint : { ...endpoint, failingSince, updatedAt: now };
}
