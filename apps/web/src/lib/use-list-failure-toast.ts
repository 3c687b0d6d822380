import { Toast } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { errorMessage, isApiError } from './api-error';

/**
 * Part 1, section 9: a list that fails while the page shows says so once, in a toast at
 * the bottom (the server's message, else `fallback`). A failed next page is left to the
 * list footer's retry line, and a failure cached from an earlier visit is not told again.
 */
export function useListFailureToast(
  query: { errorUpdatedAt: number; error: unknown; isFetchNextPageError: boolean },
  fallback: string,
): void {
  const { errorUpdatedAt: failedAt, error, isFetchNextPageError } = query;
  const told = useRef(failedAt);
  useEffect(() => {
    if (failedAt === told.current || !error) return;
    told.current = failedAt;
    if (isFetchNextPageError || (isApiError(error) && error.handled)) return;
    Toast.show({ content: errorMessage(error, fallback), position: 'bottom' });
  }, [failedAt, error, isFetchNextPageError, fallback]);
}
