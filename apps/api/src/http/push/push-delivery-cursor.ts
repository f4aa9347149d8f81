import { isSupportedTime, PushDeliveryPosition } from '@strive/domain';
import { isUUID } from 'class-validator';
import { RequestValidationError } from '../problem/request-validation.error';

export type LogDirection = 'older' | 'newer';

export interface PushDeliveryCursor {
  readonly direction: LogDirection;
  readonly position: PushDeliveryPosition;
}

const KIND = 'push_delivery';

/** Opaque cursor of the delivery log: base64url of a (created_at, id) position and a direction. */
export function encodeDeliveryCursor(cursor: PushDeliveryCursor): string {
  const body = { k: KIND, d: cursor.direction === 'older' ? 'o' : 'n', t: cursor.position.createdAt.getTime(), i: cursor.position.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** Any cursor this list did not issue is the same 400. */
export function decodeDeliveryCursor(text: string): PushDeliveryCursor {
  try {
    const body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const valid = body.k === KIND && (body.d === 'o' || body.d === 'n') && Number.isSafeInteger(body.t) && isSupportedTime(new Date(body.t)) && isUUID(body.i);
    if (valid) return { direction: body.d === 'o' ? 'older' : 'newer', position: { createdAt: new Date(body.t), id: body.i } };
  } catch {
    // fall through: any undecodable cursor is the same client error
  }
  throw new RequestValidationError([{ field: 'cursor', message: 'cursor is not a cursor this list issued (take it from api-results-next or api-results-previous)' }]);
}
