/** Every query key of /my/share (decision 029); the values are those used before. */
export const shareKeys = {
  all: ['share'] as const,
  /** The user's shared listings, paged. */
  statistics: () => [...shareKeys.all, 'statistics'] as const,
  /** The visits of one shared listing, paged. */
  visits: (houseId: number) => [...shareKeys.all, 'visits', houseId] as const,
};
