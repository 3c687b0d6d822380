import { foreignKey, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { city } from './city';
import { company } from './company';
import { house, houseFeature } from './house';

export const indexBanner = pgTable(
  'index_banner',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    cityId: integer('city_id').references(() => city.id),
    image: text('image').notNull(),
    title: text('title').notNull().default(''),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** The active period (migration 0015): shown from start_at (inclusive) until end_at (exclusive); null is open. */
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('index_banner_company_idx').on(t.companyId, t.cityId)],
);

export const indexNav = pgTable('index_nav', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  /** A city's grid item, or every city's (null), as banners and columns (migration 0015). */
  cityId: integer('city_id'),
  title: text('title').notNull(),
  icon: text('icon').notNull(),
  featureId: integer('feature_id').references(() => houseFeature.id),
  sort: integer('sort').notNull().default(0),
  version: integer('version').notNull().default(1),
}, (t) => [foreignKey({ name: 'index_nav_city_id_fkey', columns: [t.cityId], foreignColumns: [city.id] })]);

export const indexColumn = pgTable(
  'index_column',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    cityId: integer('city_id').references(() => city.id),
    /** 1 projects, 2 video, 3 featured, 4 VR (COLUMN_TYPES in the shared package). */
    type: integer('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    moreLink: text('more_link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('index_column_company_idx').on(t.companyId, t.cityId)],
);

export const indexColumnHouse = pgTable(
  'index_column_house',
  {
    columnId: integer('column_id').notNull().references(() => indexColumn.id),
    houseId: integer('house_id').notNull().references(() => house.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.columnId, t.houseId] })],
);
