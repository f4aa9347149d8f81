/**
 * The Standard Webhooks message id of an event (a challenge status event or a data push, by its
 * outbox id): the same at every endpoint it goes to and on every attempt and re-send, so receivers
 * de-duplicate on it. An event goes to the app's active endpoints of its data type, as they are
 * when it is fanned out.
 */
export function webhookId(eventId: string): string {
  return `msg_${eventId}`;
}
