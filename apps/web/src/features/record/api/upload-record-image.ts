import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { recordDetailQueryOptions } from './get-record-data';

/** `POST /api/record/upload-record-image { id, url }`: attaches an uploaded QR-code picture. */
export function uploadRecordImage(input: { id: number; url: string }): Promise<{ id: number; url: string }> {
  return apiPost('/api/record/upload-record-image', input, { quiet: true });
}

export function useUploadRecordImage(recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRecordImage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordDetailQueryOptions(recordId).queryKey }),
  });
}
