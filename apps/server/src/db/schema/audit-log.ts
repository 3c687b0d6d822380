import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { company } from './company';
import { user } from './user';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => company.id),
    actorId: integer('actor_id').references(() => user.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  // The audit log viewer's filters, each ending in its page order (migration 0018, docs/decisions/050).
  (t) => [
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_company_actor_idx').on(t.companyId, t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_company_action_idx').on(t.companyId, t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_company_object_idx').on(t.companyId, t.entity, t.entityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
