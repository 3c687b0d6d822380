import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { company } from './company';
import { user } from './user';

export const upload = pgTable(
  'upload',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    userId: integer('user_id').references(() => user.id),
    storageKey: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * docs/decisions/018: 'private' pictures (customers' proofs, report images, licences) are
     * served only by a short-lived signed URL; 'public' ones (avatars) to anyone.
     */
    visibility: text('visibility').$type<'public' | 'private'>().notNull().default('private'),
    /**
     * docs/decisions/062: what the picture was uploaded for, and so the only places it may be
     * attached: 'picture' (private: customers' proofs, report images, contracts; the uploader's
     * own), 'avatar' (public), 'licence' (private, the anonymous registration's), 'console'
     * (public: listing, home and brand pictures of the company). Migration 0026.
     */
    purpose: text('purpose').$type<'picture' | 'avatar' | 'licence' | 'console'>().notNull().default('picture'),
    createdAt: createdAt(),
  },
  (t) => [
    index('upload_user_idx').on(t.companyId, t.userId),
    // The per-user daily byte quota sums a user's uploads of the last day.
    index('upload_user_created_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);
