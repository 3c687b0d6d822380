import { api } from '@baobei/shared/contract';
import type { CompanyListItem, CreateCompanyInput, CreatedCompany } from '@baobei/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const companiesQueryKey = ['admin', 'company', 'list'] as const;

export interface CompanyPage {
  list: CompanyListItem[];
  total: number;
}

/** GET /api/admin/company/list (PLATFORM_ADMIN): a page of companies, by title or host. */
export async function listCompanies(query: { page: number; pageSize: number; keyword?: string }): Promise<CompanyPage> {
  const answer = await call(api.admin.listCompanies, { query: query.keyword ? query : { page: query.page, pageSize: query.pageSize } });
  return { list: answer.list, total: answer.total };
}

/** POST /api/admin/company/create (PLATFORM_ADMIN): a title, hosts and the first operator; everything else has a default. */
export function createCompany(body: CreateCompanyInput): Promise<CreatedCompany> {
  return call(api.admin.createCompany, { body });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
