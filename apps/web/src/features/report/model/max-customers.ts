import { DEFAULT_MAX_CUSTOMERS_PER_REPORT } from '@baobei/shared/rules/record-submit';
import { useSessionStore } from '../../../lib/session/session-store';

/**
 * Customers per report: the company's setting (company.max_customers_per_report) from the
 * initial config, the same number the server checks. The shared default
 * stands in only while a config saved before the field existed is still in use.
 */
export function useMaxCustomersPerReport(): number {
  return useSessionStore((s) => s.config?.maxCustomersPerReport ?? DEFAULT_MAX_CUSTOMERS_PER_REPORT);
}
