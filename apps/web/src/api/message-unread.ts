import { api } from '@baobei/shared/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { selectLoggedIn, useSessionStore } from '../lib/session/session-store';

/**
 * The unread message count (issue 17, item 4; docs/decisions/054), one call and one cache
 * entry for the two domains that show it: the my tab's badge on 消息 (features/home) and the
 * message centre (features/message), which writes the count each read answers back here so
 * the badge drops as soon as a message is read.
 */

/** The message domain's cache root (`messageKeys.all`): invalidating it refreshes the badge too. */
export const MESSAGE_KEY_ROOT = ['message'] as const;

export const unreadCountKey = () => [...MESSAGE_KEY_ROOT, 'unread'] as const;

/**
 * Modest polling while the app is on screen (TanStack Query pauses an interval while the
 * document is hidden): a message made by someone else's action shows within a minute, and
 * coming back to the app or the tab asks at once.
 */
export const UNREAD_POLL_MS = 60_000;

export function getUnreadCount(signal?: AbortSignal): Promise<{ count: number }> {
  // The badge is a hint: a failure leaves the last count and never shows a dialog.
  return call(api.message.getUnreadCount, {}, { signal, quiet: true });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountKey(),
    queryFn: ({ signal }) => getUnreadCount(signal).then((answer) => answer.count),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: UNREAD_POLL_MS,
  });
}

/** The signed-in user's unread count; undefined for a visitor (no request) or until the first answer. */
export function useUnreadCount(): number | undefined {
  const loggedIn = useSessionStore(selectLoggedIn);
  const query = useQuery({ ...unreadCountQueryOptions(), enabled: loggedIn });
  return loggedIn ? query.data : undefined;
}

/** A read answers the count left: the badge takes it without another call. */
export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData(unreadCountKey(), Math.max(0, count));
}

/** An optimistic read takes one off (never below 0); returns the count before, to put back on failure. */
export function takeOneUnread(queryClient: QueryClient): number | undefined {
  const before = queryClient.getQueryData<number>(unreadCountKey());
  if (before !== undefined) queryClient.setQueryData(unreadCountKey(), Math.max(0, before - 1));
  return before;
}
