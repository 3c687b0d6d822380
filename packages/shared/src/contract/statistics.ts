/** Report statistics. */
export const statisticsApi = {};
