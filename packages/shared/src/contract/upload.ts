/** Picture uploads. */
export const uploadApi = {};
