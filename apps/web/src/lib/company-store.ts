import type { Company } from '@baobei/shared/schemas/company';
import { create } from 'zustand';

/**
 * The tenant of this page (part 1, section 1: branding is fetched by the page host). The
 * API client reads `companyId` from here for every call.
 */
interface CompanyState {
  status: 'loading' | 'ready' | 'failed';
  company: Company | null;
}

export const useCompanyStore = create<CompanyState>()(() => ({ status: 'loading', company: null }));

export function setCompany(company: Company): void {
  useCompanyStore.setState({ status: 'ready', company });
}

export function setCompanyFailed(): void {
  useCompanyStore.setState({ status: 'failed', company: null });
}

export function currentCompanyId(): number | null {
  return useCompanyStore.getState().company?.companyId ?? null;
}
