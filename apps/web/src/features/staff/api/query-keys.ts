/**
 * Every query key of the staff domain (decision 029). The values are those used before, so
 * each invalidation reaches exactly the queries it reached then.
 */
export const staffKeys = {
  all: ['staff'] as const,
  /** The staff list; invalidating it is the list's refresh flag (add, edit, unbind, batch add). */
  list: () => [...staffKeys.all, 'list'] as const,
  /** The shops the edit form offers. */
  shops: () => [...staffKeys.all, 'shops'] as const,
};
