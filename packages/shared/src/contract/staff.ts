/** Staff management. */
export const staffApi = {};
