import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { recordDetailQueryOptions } from './get-record-data';

/** `POST /api/record/remove-record-image { id, imageId }` → the pictures left. */
export function removeRecordImage(input: { id: number; imageId: number }): Promise<{ id: number; url: string }[]> {
  // Quiet: 删除失败，请检查网络，或稍后重试 replaces the generic dialog (part 2, section 8).
  return apiPost('/api/record/remove-record-image', input, { quiet: true });
}

export function useRemoveRecordImage(recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRecordImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordDetailQueryOptions(recordId).queryKey }),
  });
}
