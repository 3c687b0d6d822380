import { api } from '@baobei/shared/contract';
import type { AdminPrivacyAnonymise, AdminPrivacyAnonymised, AdminPrivacyFind, AdminPrivacyRequestList } from '@baobei/shared/schemas/admin-privacy';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export const privacyQueryKey = ['admin', 'privacy'] as const;

/** GET /api/admin/privacy/find: everything the company holds about a phone (404 when nothing); off until a number is searched. */
export function usePiiFind(phone: string | null) {
  return useQuery({
    queryKey: [...privacyQueryKey, 'find', phone],
    queryFn: (): Promise<AdminPrivacyFind> => call(api.adminPrivacy.find, { query: { phone: phone! } }),
    enabled: phone !== null,
    retry: false,
  });
}

/** GET /api/admin/privacy/requests: the handled requests, newest first. */
export function usePiiRequests(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...privacyQueryKey, 'requests', page, pageSize],
    queryFn: (): Promise<AdminPrivacyRequestList> => call(api.adminPrivacy.requests, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/privacy/export: the person's file, saved under the server's name; the request list follows. */
export function useExportPii() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => downloadFile(api.adminPrivacy.export, { phone }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...privacyQueryKey, 'requests'] }),
  });
}

/** POST /api/admin/privacy/anonymise: with a reason and the confirmed total; the search and the request list follow. */
export function useAnonymisePii() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPrivacyAnonymise): Promise<AdminPrivacyAnonymised> => call(api.adminPrivacy.anonymise, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: privacyQueryKey }),
  });
}
