/** Distributor registration and its review. */
export const registrationApi = {};
