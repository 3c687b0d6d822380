/** The API clients' one error type lives with the envelope reader in packages/shared (client/). */
import { isApiError } from '@baobei/shared/client/api-error';

export { ApiError, errorMessage, isApiError } from '@baobei/shared/client/api-error';

/** The field a console refusal names (`data.field`, decision 039), if it names one. */
export function refusedField(error: unknown): string | null {
  return isApiError(error) && typeof error.data === 'object' && error.data !== null && 'field' in error.data ? String(error.data.field) : null;
}
