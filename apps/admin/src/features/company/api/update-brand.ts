import { api } from '@baobei/shared/contract';
import type { CompanyBrand, UpdateBrandInput } from '@baobei/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/get-me';
import { call } from '../../../lib/api-client';
import { brandQueryOptions } from './get-brand';
import { companiesQueryKey } from './companies';

/** POST /api/admin/company/update-brand with the version read; a stale version is 409. */
export function updateBrand(body: UpdateBrandInput): Promise<CompanyBrand> {
  return call(api.admin.updateBrand, { body });
}

export function useUpdateBrand(companyId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: (brand) => {
      queryClient.setQueryData(brandQueryOptions(companyId).queryKey, brand);
      // The header, the theme colour and the overview read the company from these.
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['company'] });
      void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'company', 'brand'] , predicate: (q) => q.queryKey[3] !== (companyId ?? 'own') });
    },
  });
}
