import { HealthDataError, HealthDataErrorCode, PointsError } from '@strive/domain';
import { RequestValidationError } from '../problem/request-validation.error';

/**
 * Runs `work`, turning domain validation errors that name fields (upload issues, points
 * rules) into the 400 problem with an `errors` entry per field.
 */
export async function withFieldErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HealthDataError && error.code === HealthDataErrorCode.InvalidUpload) {
      const invalid = new RequestValidationError(error.issues.map((issue) => ({ field: issue.path, message: issue.message })));
      invalid.message = error.message;
      throw invalid;
    }
    if (error instanceof PointsError && error.field !== null) {
      throw new RequestValidationError([{ field: error.field, message: error.message }]);
    }
    throw error;
  }
}
