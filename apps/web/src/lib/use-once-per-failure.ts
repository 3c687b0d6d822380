import { useEffect, useRef } from 'react';

/**
 * Runs `tell` once for each failure of a query while the page shows: the load-failed dialogs
 * of the detail, audit and list pages. A failure is told again only after a new attempt
 * failed too (a new `errorUpdatedAt`).
 */
export function useOncePerFailure(
  query: { isError: boolean; errorUpdatedAt: number; error: unknown },
  tell: (error: unknown) => void,
): void {
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  const told = useRef(0);
  const { error } = query;
  useEffect(() => {
    if (!failedAt || failedAt === told.current) return;
    told.current = failedAt;
    tell(error);
  }, [failedAt, error, tell]);
}
