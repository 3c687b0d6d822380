/** Every query key of the company domain (decision 029); the value is the one used before. */
export const companyKeys = {
  all: ['company'] as const,
  /** The tenant's branding by page host. */
  detail: (host: string) => [...companyKeys.all, 'detail', host] as const,
};
