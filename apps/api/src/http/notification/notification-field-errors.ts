import { NotificationError } from '@strive/domain';
import { RequestValidationError } from '../problem/request-validation.error';

/**
 * Runs `work`, turning a refused device or notification field (NotificationError naming a field)
 * into the 400 validation problem with an `errors` entry for it; the detail keeps the domain's words.
 */
export async function withNotificationFieldErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotificationError && error.field !== null) {
      const invalid = new RequestValidationError([{ field: error.field, message: error.message }]);
      invalid.message = error.message;
      throw invalid;
    }
    throw error;
  }
}
