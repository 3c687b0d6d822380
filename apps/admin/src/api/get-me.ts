import { api } from '@baobei/shared/contract';
import type { AdminMe } from '@baobei/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

/**
 * The signed-in console account and its company (GET /api/admin/auth/me): the session guard,
 * the layout's header and the overview read it; a 401 sends the client back to sign-in.
 */
export function getMe(signal?: AbortSignal): Promise<AdminMe> {
  return call(api.admin.me, undefined, { signal });
}

export const meQueryOptions = () => queryOptions({ queryKey: ['admin', 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}
