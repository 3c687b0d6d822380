import { api } from '@baobei/shared/contract';
import type { MessageKind } from '@baobei/shared/rules/message';
import type { MessageSettings } from '@baobei/shared/schemas/message';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { messageKeys } from './query-keys';

/** 消息设置: the kinds the viewer's role receives, each on or off, and whether WeChat is bound. */
export function getMessageSettings(signal?: AbortSignal): Promise<MessageSettings> {
  return call(api.message.getSettings, {}, { signal, quiet: true });
}

export function messageSettingsQueryOptions() {
  return queryOptions({ queryKey: messageKeys.settings(), queryFn: ({ signal }) => getMessageSettings(signal) });
}

export function useMessageSettings() {
  return useQuery(messageSettingsQueryOptions());
}

/** Saves the kinds turned off (the rest on); the answer is the settings as now stored. */
export function saveMessageSettings(disabledKinds: MessageKind[]): Promise<MessageSettings> {
  return call(api.message.saveSettings, { body: { disabledKinds } }, { quiet: true });
}

export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageSettings,
    onSuccess: (settings) => queryClient.setQueryData(messageKeys.settings(), settings),
  });
}
