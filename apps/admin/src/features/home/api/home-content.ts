import { api } from '@baobei/shared/contract';
import type { AdminBanner, AdminColumn, AdminNav } from '@baobei/shared/schemas/admin-home';
import { newIdempotencyKey as randomKey } from '@baobei/shared/rules/idempotency-key';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The three kinds of home content, each edited through the same five calls (contract/admin-home.ts). */
export const CONTENT = { banner: api.adminBanner, nav: api.adminNav, column: api.adminColumn } as const;
export type ContentKind = keyof typeof CONTENT;
export interface ItemOf {
  banner: AdminBanner;
  nav: AdminNav;
  column: AdminColumn;
}

export const homeKeys = {
  all: ['admin', 'home'] as const,
  list: (kind: ContentKind, cityId: number | undefined) => ['admin', 'home', kind, cityId ?? 'all'] as const,
};

/** A city's content as the app shows it there (its own rows and every city's), or every row (`cityId` undefined). */
export function useContentList<K extends ContentKind>(kind: K, cityId: number | undefined) {
  return useQuery({
    queryKey: homeKeys.list(kind, cityId),
    queryFn: async ({ signal }) => {
      const answer = await call(CONTENT[kind].list, { query: cityId === undefined ? {} : { cityId } }, { signal });
      return answer.list as ItemOf[K][];
    },
  });
}

/** A fresh Idempotency-Key per create submission: a double click or a retry makes one row. */
export const newIdempotencyKey = () => `home-${randomKey()}`;

/** Create, update, delete and reorder of one kind; each refreshes the kind's lists. */
export function useContentMutations(kind: ContentKind) {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: [...homeKeys.all, kind] });
  const calls = CONTENT[kind];
  return {
    create: useMutation({
      mutationFn: ({ body, key }: { body: object; key: string }) => call(calls.create, { body: body as never }, { headers: { 'Idempotency-Key': key } }),
      onSuccess,
    }),
    update: useMutation({ mutationFn: (body: object) => call(calls.update, { body: body as never }), onSuccess }),
    remove: useMutation({ mutationFn: (body: { id: number; version: number }) => call(calls.remove, { body }), onSuccess }),
    reorder: useMutation({ mutationFn: (items: { id: number; version: number }[]) => call(calls.reorder, { body: { items } }), onSuccess }),
  };
}

/** The company's listing features (the app's public search options, sent without the console's token). */
export function useFeatures() {
  return useQuery({
    queryKey: ['admin', 'home', 'features'],
    queryFn: async ({ signal }) => (await call(api.home.getSearchInfo, undefined, { signal, withToken: false })).houseTeseList.map((f) => ({ label: f.text, value: f.value })),
    staleTime: 5 * 60_000,
  });
}

/** Listings to put in a column or link a banner to: the company's, by part of the name (first 50). */
export function useHouseChoices(keyword: string, cityId: number | undefined) {
  return useQuery({
    queryKey: ['admin', 'home', 'houses', keyword, cityId ?? 'all'],
    queryFn: async ({ signal }) => {
      const answer = await call(
        api.admin.listHouses,
        { query: { page: 1, pageSize: 50, ...(keyword ? { keyword } : {}), ...(cityId ? { cityId } : {}), active: 'true' } },
        { signal },
      );
      return answer.list.map((h) => ({ label: `${h.name}（${h.cityName}）`, value: h.id }));
    },
    staleTime: 30_000,
  });
}

