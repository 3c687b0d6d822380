import type { MessageItem, MessageList } from '@baobei/shared/schemas/message';
import { MutationObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setUnreadCount, unreadCountKey } from '../../../api/message-unread';
import type { PageParam } from '../../../lib/next-page';
import { messageKeys } from './query-keys';
import { readMessageOptions } from './read-message';

const item = (id: number, read: boolean): MessageItem => ({
  id,
  kind: 'RECORD_STATUS',
  title: '报备状态变更',
  content: `客户${id}的报备状态已变更为“已发开发商”`,
  recordId: id,
  read,
  createdAt: '2026-11-25 09:00',
});

function cached(): QueryClient {
  const queryClient = new QueryClient();
  const page = (list: MessageItem[]): MessageList => ({ list, total: list.length, page: 1, pageSize: 20, nextCursor: null, unread: 2 });
  const data = (list: MessageItem[]): InfiniteData<MessageList, PageParam> => ({ pages: [page(list)], pageParams: [{ page: 1 }] });
  queryClient.setQueryData(messageKeys.list('all'), data([item(1, false), item(2, false), item(3, true)]));
  queryClient.setQueryData(messageKeys.list('unread'), data([item(1, false), item(2, false)]));
  setUnreadCount(queryClient, 2);
  return queryClient;
}

const readFlags = (queryClient: QueryClient, tab: 'all' | 'unread') =>
  queryClient.getQueryData<InfiniteData<MessageList, PageParam>>(messageKeys.list(tab))!.pages[0]!.list.map((m) => m.read);

describe('reading a message', () => {
  it('shows it read in both tabs and drops the badge before the answer, then takes the count answered', async () => {
    const queryClient = cached();
    let answer!: (value: { unread: number }) => void;
    const observer = new MutationObserver(queryClient, readMessageOptions(queryClient, () => new Promise((resolve) => (answer = resolve))));
    const done = observer.mutate(item(1, false));
    await expect.poll(() => queryClient.getQueryData(unreadCountKey())).toBe(1);
    expect(readFlags(queryClient, 'all')).toEqual([true, false, true]);
    expect(readFlags(queryClient, 'unread')).toEqual([true, false]);
    // Someone else's action made another message meanwhile: the server's count wins.
    answer({ unread: 2 });
    await done;
    expect(queryClient.getQueryData(unreadCountKey())).toBe(2);
    // The lists are stale (fetched again when shown), not refetched under the finger.
    expect(queryClient.getQueryState(messageKeys.list('unread'))?.isInvalidated).toBe(true);
  });

  it('puts the dot and the count back when the server refuses', async () => {
    const queryClient = cached();
    const observer = new MutationObserver(queryClient, readMessageOptions(queryClient, () => Promise.reject(new Error('offline'))));
    await expect(observer.mutate(item(2, false))).rejects.toThrow('offline');
    expect(readFlags(queryClient, 'all')).toEqual([false, false, true]);
    expect(readFlags(queryClient, 'unread')).toEqual([false, false]);
    expect(queryClient.getQueryData(unreadCountKey())).toBe(2);
  });

  it('leaves the count alone for a message already read', async () => {
    const queryClient = cached();
    const observer = new MutationObserver(queryClient, readMessageOptions(queryClient, () => Promise.reject(new Error('offline'))));
    await expect(observer.mutate(item(3, true))).rejects.toThrow('offline');
    expect(queryClient.getQueryData(unreadCountKey())).toBe(2);
    expect(readFlags(queryClient, 'all')).toEqual([false, false, true]);
  });
});
