/** Sign-in, picture and SMS codes, the session and passwords. */
export const authApi = {};
