import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { recordDetailQueryOptions } from './get-record-data';

/** Attaches an uploaded QR-code picture to the report. */
export function uploadRecordImage(input: { id: number; url: string }): Promise<DataOf<typeof api.record.uploadRecordImage>> {
  return call(api.record.uploadRecordImage, { body: input }, { quiet: true });
}

export function useUploadRecordImage(recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRecordImage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordDetailQueryOptions(recordId).queryKey }),
  });
}
