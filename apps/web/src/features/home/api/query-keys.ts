/** Every query key of the home domain (decision 029); the value is the one used before. */
export const homeKeys = {
  all: ['index'] as const,
  /** Banners, navigation and columns of a city (null: the server's default city). */
  indexData: (cityId: number | null) => [...homeKeys.all, 'data', cityId] as const,
};
