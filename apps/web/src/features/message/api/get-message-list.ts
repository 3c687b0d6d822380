import { api } from '@baobei/shared/contract';
import type { MessageList } from '@baobei/shared/schemas/message';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { setUnreadCount } from '../../../api/message-unread';
import { call } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { messageKeys, type MessageTab } from './query-keys';

export const MESSAGE_PAGE_SIZE = 20;

/** One page of the viewer's messages, newest first (keyset paging, decision 016); 未读 asks for the unread only. */
export function getMessageList(tab: MessageTab, page: PageParam, signal?: AbortSignal): Promise<MessageList> {
  return call(
    api.message.getMessageList,
    { body: { unreadOnly: tab === 'unread' }, query: pageQuery(page, MESSAGE_PAGE_SIZE) },
    { signal, quiet: true },
  );
}

export function messageListQueryOptions(tab: MessageTab) {
  return infiniteQueryOptions({
    queryKey: messageKeys.list(tab),
    queryFn: ({ pageParam, signal }) => getMessageList(tab, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, MESSAGE_PAGE_SIZE),
  });
}

/** Each page answers the unread count as well: the badge takes it, so list and badge agree. */
export function useMessageList(tab: MessageTab) {
  const queryClient = useQueryClient();
  const options = messageListQueryOptions(tab);
  return useInfiniteQuery({
    ...options,
    queryFn: (context) =>
      getMessageList(tab, context.pageParam, context.signal).then((page) => {
        setUnreadCount(queryClient, page.unread);
        return page;
      }),
  });
}
