import { api } from '@baobei/shared/contract';
import type { CompanySetup } from '@baobei/shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /api/admin/setup: what the company has of what its first report needs. */
export function useCompanySetup() {
  return useQuery({
    queryKey: ['admin', 'company', 'setup'],
    queryFn: ({ signal }): Promise<CompanySetup> => call(api.admin.companySetup, undefined, { signal }),
  });
}
