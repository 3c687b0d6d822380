import type { RegistrationItem, ReviewRegistrationInput } from '@baobei/shared/schemas/registration';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPostAnswer } from '../../../lib/api-client';

export interface RegistrationPage {
  list: RegistrationItem[];
  total: number;
  page: number;
  pageSize: number;
}

const PAGE_SIZE = 50;

/** `POST /api/publicapi/get-registration-list` (AUDITORADMIN): pending registrations, oldest first. */
export function getRegistrationList(signal?: AbortSignal): Promise<RegistrationPage> {
  return apiPost<RegistrationPage>('/api/publicapi/get-registration-list', {}, {
    query: { page: 1, pageSize: PAGE_SIZE },
    signal,
    quiet: true,
  });
}

export function registrationListQueryOptions() {
  return queryOptions({
    queryKey: ['registration', 'review', 'list'] as const,
    queryFn: ({ signal }) => getRegistrationList(signal),
  });
}

export function useRegistrationList() {
  return useQuery(registrationListQueryOptions());
}

/** `POST /api/publicapi/review-registration { id, approve, reason }`. */
export function reviewRegistration(input: ReviewRegistrationInput) {
  return apiPostAnswer<{ id: number; status: string }>('/api/publicapi/review-registration', input, { quiet: true });
}

export function useReviewRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationListQueryOptions().queryKey }),
  });
}
