import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { recordDetailQueryOptions } from './get-record-data';

/** `POST /api/record/update-record-customer-info { id, remark }`: adds a customer dynamic. */
export function updateRecordCustomerInfo(input: { id: number; remark: string }): Promise<unknown> {
  return apiPost('/api/record/update-record-customer-info', input, { quiet: true });
}

export function useUpdateRecordCustomerInfo(recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecordCustomerInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordDetailQueryOptions(recordId).queryKey }),
  });
}
