import { Toast } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { errorMessage, isApiError } from './api-error';

/**
 * Part 1, section 9: a list that fails while the page shows says so once, in a toast at
 * the bottom (the server's message, else `fallback`). A failed next page is left to the
 * list footer's retry line, and a failure cached from an earlier visit is not told again.
 * `exception`, when given, is the text for a call that got no answer (part 2, section 8:
 * the report list's '报备列表获取异常'); without it such a failure says the client's own text.
 */
export function useListFailureToast(
  query: { errorUpdatedAt: number; error: unknown; isFetchNextPageError: boolean },
  fallback: string,
  exception?: string,
): void {
  const { errorUpdatedAt: failedAt, error, isFetchNextPageError } = query;
  const told = useRef(failedAt);
  useEffect(() => {
    if (failedAt === told.current || !error) return;
    told.current = failedAt;
    if (isFetchNextPageError || (isApiError(error) && error.handled)) return;
    const noAnswer = !isApiError(error) || error.code === 0;
    const content = noAnswer && exception ? exception : errorMessage(error, fallback);
    Toast.show({ content, position: 'bottom' });
  }, [failedAt, error, isFetchNextPageError, fallback, exception]);
}
