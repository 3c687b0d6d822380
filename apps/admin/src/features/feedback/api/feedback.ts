import { api } from '@baobei/shared/contract';
import type { AdminFeedbackHandleAnswer, AdminFeedbackList, FeedbackStatus } from '@baobei/shared/schemas/admin-feedback';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const feedbackQueryKey = ['admin', 'feedback'] as const;

export interface FeedbackFilters {
  status: FeedbackStatus;
  keyword?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** GET /api/admin/feedback/list: a page of the company's messages, newest first, with the unhandled count. */
export function listFeedback(page: number, pageSize: number, filters: FeedbackFilters): Promise<AdminFeedbackList> {
  const query: Record<string, string | number> = { page, pageSize, status: filters.status };
  if (filters.keyword) query.keyword = filters.keyword;
  if (filters.dateFrom && filters.dateTo) Object.assign(query, { dateFrom: filters.dateFrom, dateTo: filters.dateTo });
  return call(api.adminFeedback.list, { query });
}

/** The unhandled count for the menu's badge: asked again every minute and after each handling. */
export function useFeedbackPendingCount() {
  return useQuery({
    queryKey: [...feedbackQueryKey, 'pending-count'],
    queryFn: async () => (await listFeedback(1, 1, { status: 'pending' })).pendingCount,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** POST /api/admin/feedback/handle: marks a message handled with an optional note (a handled one stays as it was). */
export function useHandleFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; note: string }): Promise<AdminFeedbackHandleAnswer> => call(api.adminFeedback.handle, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: feedbackQueryKey }),
  });
}
