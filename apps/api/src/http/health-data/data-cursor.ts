import { RecordPosition } from '@strive/domain';
import { RequestValidationError } from '../problem/request-validation.error';

export type Direction = 'forward' | 'backward';

export interface DataCursor {
  readonly direction: Direction;
  readonly position: RecordPosition;
}

/**
 * Opaque cursors: base64url of a (time, id) position and a direction. A position rather
 * than an offset, so a cursor keeps pointing at the same place while new records arrive.
 */
export function encodeCursor(cursor: DataCursor): string {
  const body = { d: cursor.direction === 'forward' ? 'n' : 'p', t: cursor.position.time.getTime(), i: cursor.position.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

export function decodeCursor(text: string): DataCursor {
  try {
    const body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const valid =
      (body.d === 'n' || body.d === 'p') && Number.isSafeInteger(body.t) &&
      (body.i === null || (typeof body.i === 'string' && /^[0-9a-f-]{1,40}$/i.test(body.i)));
    if (valid) return { direction: body.d === 'n' ? 'forward' : 'backward', position: { time: new Date(body.t), id: body.i } };
  } catch {
    // fall through: any undecodable cursor is the same client error
  }
  throw new RequestValidationError([{ field: 'cursor', message: 'cursor is not a cursor this API issued (take it from api-results-next or api-results-previous)' }]);
}
