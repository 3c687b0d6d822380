import { api } from '@baobei/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportAutoLinkQueryOptions, type ExternalLinkAnswer } from './get-report-auto-link';

/** Renews the listing's external link (AUDITORADMIN): a new link; every older one dies. */
export function renewReportAutoLink(houseId: number): Promise<ExternalLinkAnswer> {
  return call(api.record.renewReportAutoLink, { body: { houseId } }, { quiet: true });
}

export function useRenewReportAutoLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewReportAutoLink,
    onSuccess: (answer) => queryClient.setQueryData(reportAutoLinkQueryOptions(answer.houseId).queryKey, answer),
  });
}
