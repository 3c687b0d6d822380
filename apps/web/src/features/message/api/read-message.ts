import { api } from '@baobei/shared/contract';
import type { MessageItem, MessageList } from '@baobei/shared/schemas/message';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { setUnreadCount, takeOneUnread } from '../../../api/message-unread';
import { call } from '../../../lib/api-client';
import type { PageParam } from '../../../lib/next-page';
import { messageKeys } from './query-keys';

type ListData = InfiniteData<MessageList, PageParam>;

/** Marks one of the viewer's messages read; answers the unread count left. */
export function readMessage(id: number): Promise<{ unread: number }> {
  // The row explains a failure itself (a toast), and puts the message back as unread.
  return call(api.message.read, { body: { id } }, { quiet: true });
}

/** Every cached list with `change` applied to its rows; returns what they were, to put back. */
export function patchCachedMessages(queryClient: QueryClient, change: (item: MessageItem) => MessageItem): [QueryKey, ListData | undefined][] {
  const before = queryClient.getQueriesData<ListData>({ queryKey: messageKeys.lists() });
  for (const [key, data] of before) {
    if (!data) continue;
    queryClient.setQueryData<ListData>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, list: page.list.map(change) })),
    });
  }
  return before;
}

/**
 * Tapping a message reads it at once (the dot and the bold title go, the badge drops by one)
 * and tells the server; a failure puts both back. The lists are only marked stale: the 未读
 * tab keeps the row (now read) until it is shown again, so it does not vanish under the finger.
 * `send` is the call (a test gives its own).
 */
export function readMessageOptions(queryClient: QueryClient, send: (id: number) => Promise<{ unread: number }> = readMessage) {
  return {
    mutationFn: (message: MessageItem) => send(message.id),
    onMutate: async (message: MessageItem) => {
      await queryClient.cancelQueries({ queryKey: messageKeys.lists() });
      const lists = patchCachedMessages(queryClient, (item) => (item.id === message.id ? { ...item, read: true } : item));
      const unread = message.read ? undefined : takeOneUnread(queryClient);
      return { lists, unread };
    },
    onError: (_error: unknown, _message: MessageItem, context: { lists: [QueryKey, ListData | undefined][]; unread: number | undefined } | undefined) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      if (context?.unread !== undefined) setUnreadCount(queryClient, context.unread);
    },
    onSuccess: (answer: { unread: number }) => setUnreadCount(queryClient, answer.unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.lists(), refetchType: 'none' }),
  };
}

export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation(readMessageOptions(queryClient));
}
