/** Customers and viewing staff of the report form. */
export const customerApi = {};
