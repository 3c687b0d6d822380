import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz, createdAt } from './columns';
import { city } from './city';
import { company } from './company';
import { distributor, user } from './user';

/** Public registrations waiting for customer-service review (part 2, section 2.8). */
export const distributorRegistration = pgTable(
  'distributor_registration',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    companyLicenseName: text('company_license_name').notNull(),
    name: text('name').notNull(),
    creditNo: text('credit_no').notNull(),
    managerName: text('manager_name').notNull(),
    managerPhone: text('manager_phone').notNull(),
    address: text('address').notNull(),
    businessLicensePic: text('business_license_pic').notNull(),
    locationId: integer('location_id').references(() => city.id),
    channelId: integer('channel_id').references((): AnyPgColumn => user.id),
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull().default('PENDING'),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by').references((): AnyPgColumn => user.id),
    reviewedAt: tz('reviewed_at'),
    distributorId: integer('distributor_id').references(() => distributor.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('registration_status_idx').on(t.companyId, t.status),
    // One pending registration per phone and per credit code (migration 0006).
    uniqueIndex('registration_pending_phone_uq').on(t.companyId, t.managerPhone).where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('registration_pending_credit_uq').on(t.companyId, t.creditNo).where(sql`${t.status} = 'PENDING'`),
  ],
);
