/** The listing pages below the console's basename: the table (houses-page), the create and edit form (house-edit-page). */
export const HOUSES_PATH = '/houses';
export const HOUSE_NEW_PATH = '/houses/new';
export const houseEditPath = (id: number) => `/houses/${id}/edit`;
