import { api } from '@baobei/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setUnreadCount } from '../../../api/message-unread';
import { call } from '../../../lib/api-client';
import { patchCachedMessages } from './read-message';
import { messageKeys } from './query-keys';

/** Marks every message of the viewer read. */
export function readAllMessages(): Promise<{ unread: number }> {
  return call(api.message.readAll, {}, { quiet: true });
}

/** 全部已读: every row loses its dot, the badge goes to the count answered (0), and the 未读 tab reloads empty. */
export function useReadAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllMessages,
    onSuccess: async (answer) => {
      patchCachedMessages(queryClient, (item) => (item.read ? item : { ...item, read: true }));
      setUnreadCount(queryClient, answer.unread);
      await queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
    },
  });
}
