import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** The column kinds every table uses: times are timestamptz, money numeric(14,2). */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tz('created_at').notNull().defaultNow();
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
