import { api } from '@baobei/shared/contract';
import type { AdminArrivalLink } from '@baobei/shared/schemas/admin-house';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const linkKey = (id: number | null) => ['admin', 'house', 'arrival-link', id] as const;

/** GET /api/admin/house/arrival-link: the listing's current external arrival link (a path of the mobile app). */
export function useArrivalLink(id: number | null) {
  return useQuery({
    queryKey: linkKey(id),
    queryFn: ({ signal }) => call(api.admin.houseArrivalLink, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** POST /api/admin/house/renew-arrival-link: a new link; every older one stops working. */
export function useRenewArrivalLink(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.admin.renewHouseArrivalLink, { body: { id: id ?? 0 } }),
    onSuccess: (link: AdminArrivalLink) => queryClient.setQueryData(linkKey(id), link),
  });
}

/** The link as it is sent: this origin (the company's host, where the mobile app answers) and the path. */
export const fullLink = (path: string) => `${window.location.origin}${path}`;
