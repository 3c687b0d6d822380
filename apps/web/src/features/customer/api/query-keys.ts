import { CUSTOMER_KEY_ROOT, customerListKeys } from '../../../api/customer-list';

/**
 * The user's customers (我的客户, also the report form's customer picker, api/customer-list)
 * and the company's, so that a query and every invalidation of it read the same key
 * (decision 029). The values are those used before the regrouping.
 */
export const customerKeys = {
  all: CUSTOMER_KEY_ROOT,
  /** The user's own lists, shared with the report form's picker (api/customer-list). */
  lists: customerListKeys.lists,
  list: customerListKeys.list,
  company: (keyword: string) => [...customerKeys.all, 'company', keyword] as const,
  /** A customer's page (docs/decisions/088): its detail, and the follow-ups past its first page. */
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  followUps: (id: number) => [...customerKeys.all, 'detail', id, 'follow-ups'] as const,
};
