import { PushDataType } from './push-endpoint';

/**
 * One thing to push, before it is fanned out to the app's endpoints: a challenge status event
 * (dataType `challenge`, `event` its name) or a stored record (`event` its push data type).
 * Its id is the `webhook-id` every endpoint receives it under, on every attempt. It goes to the
 * app's active endpoints of its data type, as they are when it is fanned out.
 */
export interface PushEvent {
  readonly id: string;
  readonly appId: string;
  readonly dataType: PushDataType;
  readonly event: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
}

/** The Standard Webhooks message id of an event: the same for every endpoint and attempt. */
export function webhookId(eventId: string): string {
  return `msg_${eventId}`;
}
