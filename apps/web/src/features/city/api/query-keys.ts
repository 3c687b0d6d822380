/** Every query key of the city domain (decision 029); the value is the one used before. */
export const cityKeys = {
  all: ['city'] as const,
  list: () => [...cityKeys.all, 'list'] as const,
};
