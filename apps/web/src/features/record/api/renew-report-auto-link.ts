import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { reportAutoLinkQueryOptions, type ExternalLinkAnswer } from './get-report-auto-link';

/** `POST /api/record/renew-report-auto-link { houseId }` (AUDITORADMIN): a new link; every older one dies. */
export function renewReportAutoLink(houseId: number): Promise<ExternalLinkAnswer> {
  return apiPost<ExternalLinkAnswer>('/api/record/renew-report-auto-link', { houseId }, { quiet: true });
}

export function useRenewReportAutoLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewReportAutoLink,
    onSuccess: (answer) => queryClient.setQueryData(reportAutoLinkQueryOptions(answer.houseId).queryKey, answer),
  });
}
