import { api } from '@baobei/shared/contract';
import type { AdminDistributor, AdminDistributorListItem, AdminDistributorListQuery, AdminRegistrationItem, AdminRegistrationListQuery, CreatedDistributor, CreateDistributorInput, UpdateDistributorInput } from '@baobei/shared/schemas/admin-distributor';
import type { ChannelOption } from '@baobei/shared/schemas/registration';
import type { CityNode } from '@baobei/shared/schemas/session';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const distributorKeys = {
  all: ['admin', 'distributor'] as const,
  detail: (id: number) => ['admin', 'distributor', 'detail', id] as const,
  options: ['admin', 'distributor', 'options'] as const,
};

export type DistributorListFilters = Partial<Omit<AdminDistributorListQuery, 'page' | 'pageSize'>>;

function compact(values: Record<string, unknown>): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') query[key] = value as string | number;
  return query;
}

/** GET /api/admin/distributor/list: a page of the company's distributors, filtered. */
export async function listDistributors(page: number, pageSize: number, filters: DistributorListFilters): Promise<{ list: AdminDistributorListItem[]; total: number }> {
  const answer = await call(api.adminDistributor.list, { query: compact({ page, pageSize, ...filters }) as AdminDistributorListQuery });
  return { list: answer.list, total: answer.total };
}

/** GET /api/admin/distributor/get: one distributor with its shops and staff. */
export function useDistributor(id: number | null) {
  return useQuery({
    queryKey: distributorKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(api.adminDistributor.get, { query: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}

/** POST /api/admin/distributor/create: the distributor and its general account with a one-time password. */
export function createDistributor(input: CreateDistributorInput): Promise<CreatedDistributor> {
  return call(api.adminDistributor.create, { body: input });
}

export function updateDistributor(input: UpdateDistributorInput): Promise<AdminDistributor> {
  return call(api.adminDistributor.update, { body: input });
}

/** POST disable or enable at the version shown; a stale one is 409 (the caller reloads). */
export function setDistributorActive(row: { id: number; version: number }, active: boolean): Promise<AdminDistributor> {
  return call(active ? api.adminDistributor.enable : api.adminDistributor.disable, { body: { id: row.id, version: row.version } });
}

export interface DistributorOptions {
  cities: { label: string; value: number }[];
  channels: { label: string; value: number }[];
}

function leaves(nodes: readonly CityNode[]): { label: string; value: number }[] {
  return nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [{ label: n.text, value: n.value }]));
}

const channelLabel = (c: ChannelOption) => `${c.name}（${c.mobile}）`;

/**
 * The choices of the filters and the edit form: the company's cities and its channel contacts,
 * the same public lists the registration form offers (sent without the console's token:
 * decision 039 refuses a console token on the app's calls).
 */
export function useDistributorOptions() {
  return useQuery({
    queryKey: distributorKeys.options,
    queryFn: async ({ signal }): Promise<DistributorOptions> => {
      const [cities, channels] = await Promise.all([
        call(api.city.getCity, undefined, { signal, withToken: false }),
        call(api.registration.getChannelSelect, undefined, { signal, withToken: false }),
      ]);
      return { cities: leaves(cities), channels: channels.map((c) => ({ label: channelLabel(c), value: c.id })) };
    },
    staleTime: 5 * 60_000,
  });
}

export type RegistrationFilters = Partial<Omit<AdminRegistrationListQuery, 'page' | 'pageSize'>>;

/** GET /api/admin/registration/list: pending first (oldest first), then reviewed ones (newest first). */
export async function listRegistrations(page: number, pageSize: number, filters: RegistrationFilters): Promise<{ list: AdminRegistrationItem[]; total: number }> {
  const answer = await call(api.adminRegistration.list, { query: compact({ page, pageSize, ...filters }) as AdminRegistrationListQuery });
  return { list: answer.list, total: answer.total };
}

/** POST /api/admin/registration/review: the mobile review's rules; answers the message to show. */
export function reviewRegistration(input: { id: number; approve: boolean; reason: string }) {
  return call(api.adminRegistration.review, { body: input });
}
