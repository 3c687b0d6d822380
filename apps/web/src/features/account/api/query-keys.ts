/**
 * Every query key of the account domain, so that a query and every invalidation of it read
 * the same key (decision 029). The values are those the pages used before, so each
 * invalidation still reaches exactly the queries it reached then.
 */
export const authKeys = {
  all: ['auth'] as const,
  /** One picture code per page (sign-in, retrieve password): each page draws its own. */
  verifyCode: (purpose: string) => [...authKeys.all, 'verify-code', purpose] as const,
};

/** The registration form's pickers and the pending registrations (注册审核). */
export const registrationKeys = {
  all: ['registration'] as const,
  company: (keyword: string) => [...registrationKeys.all, 'company', keyword] as const,
  channels: () => [...registrationKeys.all, 'channels'] as const,
  cities: () => [...registrationKeys.all, 'cities'] as const,
  reviewList: () => [...registrationKeys.all, 'review', 'list'] as const,
};
