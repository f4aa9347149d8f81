import { isSupportedTime, RecordPosition } from '@strive/domain';
import { isUUID } from 'class-validator';
import { RequestValidationError } from '../problem/request-validation.error';

export type Direction = 'forward' | 'backward';

export interface DataCursor {
  readonly direction: Direction;
  readonly position: RecordPosition;
}

/**
 * Which list a cursor belongs to: the data type, ":deduplicated" for the deduplicated
 * views (their positions carry no record id), or "event". A cursor is only valid for
 * the list that issued it.
 */
export type CursorKind = string;

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** Whether `id` is a record id of the list: a bigint for records, a uuid for events. */
function validId(kind: CursorKind, id: unknown): boolean {
  if (id === null) return true;
  if (typeof id !== 'string') return false;
  if (kind === 'event') return isUUID(id);
  return /^\d{1,19}$/.test(id) && BigInt(id) <= BIGINT_MAX;
}

/**
 * Opaque cursors: base64url of a (time, id) position, a direction and the list they page.
 * A position rather than an offset, so a cursor keeps pointing at the same place while
 * new records arrive.
 */
export function encodeCursor(kind: CursorKind, cursor: DataCursor): string {
  const body = { k: kind, d: cursor.direction === 'forward' ? 'n' : 'p', t: cursor.position.time.getTime(), i: cursor.position.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/**
 * The cursor of `text`, checked as fully as anything else the client sends: the list it
 * belongs to, a time inside the supported range, an id of the list's kind. Anything else
 * is the same 400, whether garbled, forged or issued by another endpoint.
 */
export function decodeCursor(kind: CursorKind, text: string): DataCursor {
  try {
    const body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const valid =
      body.k === kind && (body.d === 'n' || body.d === 'p') && Number.isSafeInteger(body.t) &&
      isSupportedTime(new Date(body.t)) && validId(kind, body.i);
    if (valid) return { direction: body.d === 'n' ? 'forward' : 'backward', position: { time: new Date(body.t), id: body.i } };
  } catch {
    // fall through: any undecodable cursor is the same client error
  }
  throw new RequestValidationError([{ field: 'cursor', message: 'cursor is not a cursor this list issued (take it from api-results-next or api-results-previous)' }]);
}
