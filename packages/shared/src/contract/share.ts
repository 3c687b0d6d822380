/** Sharing listings and the share statistics. */
export const shareApi = {};
