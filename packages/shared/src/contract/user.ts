/** The user's profile and feedback. */
export const userApi = {};
