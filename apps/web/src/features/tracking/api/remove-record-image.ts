import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { recordDetailQueryOptions } from './get-record-data';

/** Deletes a picture of the report → the pictures left. */
export function removeRecordImage(input: { id: number; imageId: number }): Promise<DataOf<typeof api.record.removeRecordImage>> {
  // Quiet: 删除失败，请检查网络，或稍后重试 replaces the generic dialog (part 2, section 8).
  return call(api.record.removeRecordImage, { body: input }, { quiet: true });
}

export function useRemoveRecordImage(recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRecordImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordDetailQueryOptions(recordId).queryKey }),
  });
}
