import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { recordDetailQueryOptions } from './get-record-data';

/** Adds a customer dynamic to the report; answers the dynamics, newest first. */
export function updateRecordCustomerInfo(input: { id: number; remark: string }): Promise<DataOf<typeof api.record.updateRecordCustomerInfo>> {
  return call(api.record.updateRecordCustomerInfo, { body: input }, { quiet: true });
}

export function useUpdateRecordCustomerInfo(recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecordCustomerInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordDetailQueryOptions(recordId).queryKey }),
  });
}
