import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz, createdAt } from './columns';
import { company } from './company';
import { user } from './user';

/**
 * WeChat OAuth `state` values (docs/decisions/015): single use, short-lived, and tied to
 * whoever asked for them, so a code obtained elsewhere cannot be replayed into another
 * browser (sign-in) or another account (binding). Only the SHA-256 of the state is kept.
 */
export const oauthState = pgTable(
  'oauth_state',
  {
    stateHash: text('state_hash').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    purpose: text('purpose').$type<'login' | 'bind'>().notNull(),
    /** Sign-in: SHA-256 of the nonce in the browser's cookie. */
    browserHash: text('browser_hash'),
    /** Binding: the session that asked (no foreign key: expired sessions are purged, states outlive nothing). */
    sessionId: integer('session_id'),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_state_expiry_idx').on(t.expiresAt)],
);

/** External identities (WeChat), keyed by (provider, openid) so they never collide with phones. */
export const userIdentity = pgTable(
  'user_identity',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').notNull().references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.provider, t.subject] }),
    index('identity_user_idx').on(t.userId),
    // One WeChat account per user: binding a second one asks to unbind the first.
    uniqueIndex('identity_user_provider_uq').on(t.companyId, t.userId, t.provider),
  ],
);
