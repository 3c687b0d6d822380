import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import type { ReviewRegistrationInput } from '@baobei/shared/schemas/registration';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callAnswer } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, pageQuery, type PageParam } from '../../../lib/next-page';
import { registrationKeys } from './query-keys';

export type RegistrationPage = DataOf<typeof api.registration.getRegistrationList>;

/** Each card is tall (every field and the licence): ten make a page. */
export const REVIEW_PAGE_SIZE = 10;

/** One page of the pending registrations, oldest first (AUDITORADMIN); the cursor keeps the next page in place as reviews remove rows. */
export function getRegistrationList(page: PageParam, signal?: AbortSignal): Promise<RegistrationPage> {
  return call(api.registration.getRegistrationList, { query: pageQuery(page, REVIEW_PAGE_SIZE) }, { signal, quiet: true });
}

export function registrationListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: registrationKeys.reviewList(),
    queryFn: ({ pageParam, signal }) => getRegistrationList(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageAfter(last, pages.length, REVIEW_PAGE_SIZE),
  });
}

export function useRegistrationList() {
  return useInfiniteQuery(registrationListQueryOptions());
}

/** Approves a registration or rejects it with a reason `{ id, approve, reason }`. */
export function reviewRegistration(input: ReviewRegistrationInput) {
  return callAnswer(api.registration.reviewRegistration, { body: input }, { quiet: true });
}

export function useReviewRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.reviewList() }),
  });
}
