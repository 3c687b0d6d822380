import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz, createdAt } from './columns';
import { company } from './company';
import { distributor, user } from './user';

export const customer = pgTable(
  'customer',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    ownerId: integer('owner_id').notNull().references(() => user.id),
    distributorId: integer('distributor_id').references(() => distributor.id),
    name: text('name').notNull(),
    sex: integer('sex').notNull().default(0),
    phone: text('phone').notNull(),
    telType: integer('tel_type').notNull().default(0),
    /** Pinyin initial of the name (A-Z or #) for the grouped list. */
    anchor: text('anchor').notNull().default('#'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_owner_idx').on(t.companyId, t.ownerId),
    index('customer_phone_idx').on(t.companyId, t.phone),
    // One live customer per owner and phone (migration 0006): a deleted one does not count.
    uniqueIndex('customer_owner_phone_live_uq').on(t.companyId, t.ownerId, t.phone).where(sql`${t.deletedAt} is null`),
  ],
);

export const customerImage = pgTable(
  'customer_image',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customer.id),
    url: text('url').notNull(),
  },
  (t) => [index('customer_image_customer_idx').on(t.customerId)],
);
