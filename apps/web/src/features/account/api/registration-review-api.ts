import type { RegistrationItem, ReviewRegistrationInput } from '@baobei/shared/schemas/registration';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPostAnswer } from '../../../lib/api-client';
import { nextPageAfter } from '../../../lib/next-page';

export interface RegistrationPage {
  list: RegistrationItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** Each card is tall (every field and the licence): ten make a page. */
export const REVIEW_PAGE_SIZE = 10;

/** `POST /api/publicapi/get-registration-list?page=&pageSize=` (AUDITORADMIN): pending registrations, oldest first. */
export function getRegistrationList(page: number, signal?: AbortSignal): Promise<RegistrationPage> {
  return apiPost<RegistrationPage>('/api/publicapi/get-registration-list', {}, {
    query: { page, pageSize: REVIEW_PAGE_SIZE },
    signal,
    quiet: true,
  });
}

export function registrationListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['registration', 'review', 'list'] as const,
    queryFn: ({ pageParam, signal }) => getRegistrationList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, REVIEW_PAGE_SIZE),
  });
}

export function useRegistrationList() {
  return useInfiniteQuery(registrationListQueryOptions());
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
