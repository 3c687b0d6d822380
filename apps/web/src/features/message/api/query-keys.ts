import { MESSAGE_KEY_ROOT, unreadCountKey } from '../../../api/message-unread';

/** 全部 or 未读: the message list's two tabs. */
export type MessageTab = 'all' | 'unread';

/**
 * Every query key of the message centre (decision 029), under the root the my tab's badge
 * shares (api/message-unread), so invalidating `messageKeys.all` refreshes the badge as well.
 */
export const messageKeys = {
  all: MESSAGE_KEY_ROOT,
  /** Both tabs' lists: a read changes what each shows. */
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (tab: MessageTab) => [...messageKeys.lists(), tab] as const,
  /** The unread count (the badge and the 未读 tab's number). */
  unread: unreadCountKey,
  settings: () => [...messageKeys.all, 'settings'] as const,
};
