/** The home page, search filters, the company and its initial configs. */
export const homeApi = {};
