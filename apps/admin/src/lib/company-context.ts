import type { Company } from '@baobei/shared/schemas/company';
import { createContext, useContext } from 'react';

/** The page host's company, read once at start (app/app.tsx); every page is inside it. */
export const CompanyContext = createContext<Company | null>(null);

export function useCurrentCompany(): Company {
  const company = useContext(CompanyContext);
  if (!company) throw new Error('useCurrentCompany outside the company provider');
  return company;
}
