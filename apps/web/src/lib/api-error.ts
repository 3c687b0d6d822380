/** The API clients' one error type lives with the envelope reader in packages/shared (client/). */
export { ApiError, errorMessage, isApiError } from '@baobei/shared/client/api-error';
