/**
 * The report form's pickers: listings, their filter facts and the viewing staff (带看人), so
 * that a query and every invalidation of it read the same key (decision 029). The customer
 * picker reads 我的客户's own list (api/customer-list).
 */
export const reportSelectKeys = {
  all: ['report-select'] as const,
  houses: (keyword: string, areaId: number) => [...reportSelectKeys.all, 'houses', keyword, areaId] as const,
  searchInfo: () => [...reportSelectKeys.all, 'search-info'] as const,
  daikan: () => [...reportSelectKeys.all, 'daikan'] as const,
};
