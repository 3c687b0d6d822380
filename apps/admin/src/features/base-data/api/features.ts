import { api } from '@baobei/shared/contract';
import type { AdminFeature, UpdateFeatureInput } from '@baobei/shared/schemas/admin-feature';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const featuresQueryKey = ['admin', 'features'] as const;

/** GET /api/admin/feature/list: every feature, retired ones included, with how many listings have each. */
export function useFeatureList() {
  return useQuery({
    queryKey: featuresQueryKey,
    queryFn: async ({ signal }): Promise<AdminFeature[]> => (await call(api.adminFeature.list, undefined, { signal })).list,
  });
}

/**
 * Create, update and reorder; each refreshes the list, and the other pages' feature choices
 * (the listing form's options and 首页内容's, read from the app's public search options).
 */
export function useFeatureMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: featuresQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'house'] });
  };
  return {
    create: useMutation({ mutationFn: (name: string) => call(api.adminFeature.create, { body: { name } }), onSuccess }),
    update: useMutation({ mutationFn: (body: UpdateFeatureInput) => call(api.adminFeature.update, { body }), onSuccess }),
    reorder: useMutation({ mutationFn: (items: { id: number; version: number }[]) => call(api.adminFeature.reorder, { body: { items } }), onSuccess }),
  };
}
