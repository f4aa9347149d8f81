import { LoyaltyError } from '@strive/domain';
import { RequestValidationError } from '../problem/request-validation.error';

/** Runs `work`, turning a loyalty error that names a field into the 400 problem with that field. */
export async function withLoyaltyFieldErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LoyaltyError && error.field !== null) throw new RequestValidationError([{ field: error.field, message: error.message }]);
    throw error;
  }
}
