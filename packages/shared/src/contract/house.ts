/** Listings: the list and its filters, the detail, commission policies, favourites. */
export const houseApi = {};
