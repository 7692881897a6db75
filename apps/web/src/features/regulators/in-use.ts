import { ApiError, isApiError } from '../../app/api-client';

/**
 * A delete refused because something still uses the record
 * (`REGULATOR_MAPPING_IN_USE`) is worded for what was deleted (`message`,
 * already translated), so the list's delete notice says what to remove
 * first; any other failure is left as it is.
 */
export async function explainInUse<T>(deletion: Promise<T>, message: string): Promise<T> {
  try {
    return await deletion;
  } catch (error) {
    if (isApiError(error) && error.code === 'REGULATOR_MAPPING_IN_USE') {
      // A business rule is shown with its own text (getErrorMessage).
      throw new ApiError(error.status, 'BUSINESS_RULE', message, error.details, error.requestId);
    }
    throw error;
  }
}
