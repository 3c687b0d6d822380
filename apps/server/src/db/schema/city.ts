import { boolean, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { company } from './company';

export const city = pgTable(
  'city',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    latitude: numeric('latitude', { precision: 10, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 10, scale: 6, mode: 'number' }),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** Offered in the app (picker, city lists, home); the console's 城市 switches it (migration 0015). */
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('city_company_idx').on(t.companyId, t.parentId)],
);
