import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { customRange } from '@baobei/shared/rules/date-presets';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { queryRows, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { createAdminAuditLogRepository, type AuditLogFilters } from '../modules/admin/admin-audit-log-repository';
import { createFeedbackConsoleRepository, type FeedbackFilters } from '../modules/user/feedback-console-repository';
import { openTestDatabase } from './test-database';

/**
 * docs/decisions/050: the audit log viewer's and the feedback inbox's queries, with enough rows
 * that the planner would read the whole table if no index fitted (120,000 audit rows of two
 * companies over two years, 20,000 feedback messages; vacuumed and analysed), plan without a
 * sequential scan of audit_log or feedback, each filter on its index (migration 0018), on
 * PostgreSQL and PGlite alike.
 */
const AUDIT_ROWS = 100_000;
const OTHER_AUDIT_ROWS = 20_000;
const FEEDBACK = 20_000;
const GUARDED = new Set(['audit_log', 'feedback']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let database: Database;
let cid = 0;
let actorId = 0;
let logged: Db;
const log: { sql: string; params: unknown[] }[] = [];
let explain: (q: { sql: string; params: unknown[] }) => Promise<PlanNode>;

function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && GUARDED.has(node['Relation Name'] ?? '')) out.push(`Seq Scan on ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}
function indexesOf(node: PlanNode, out: string[] = []): string[] {
  if (node['Index Name']) out.push(node['Index Name']);
  for (const child of node.Plans ?? []) indexesOf(child, out);
  return out;
}
function describePlan(node: PlanNode, depth = 0): string {
  const self = `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  return [self, ...(node.Plans ?? []).map((c) => describePlan(c, depth + 1))].join('\n');
}

/** Runs `work`; every query it sent plans without a sequential scan of a guarded table, and some query reads `index`. */
async function expectIndexed(name: string, work: () => Promise<unknown>, index: string | RegExp, skip?: RegExp) {
  log.length = 0;
  await work();
  expect(log.length, name).toBeGreaterThan(0);
  const plans: PlanNode[] = [];
  for (const q of log.splice(0).filter((q) => !skip?.test(q.sql))) {
    const plan = await explain(q);
    expect(seqScans(plan), `${name}\n${q.sql}\n${describePlan(plan)}`).toEqual([]);
    plans.push(plan);
  }
  const used = plans.flatMap((p) => indexesOf(p));
  const text = plans.map((p) => describePlan(p)).join('\n');
  if (typeof index === 'string') expect(used, `${name}\n${text}`).toContain(index);
  else expect(used.some((i) => index.test(i)), `${name}\n${text}`).toBe(true);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const [local] = await queryRows<{ id: number }>(db, sql`select company_id as id from company_host where host = 'localhost'`);
  const [second] = await queryRows<{ id: number }>(db, sql`select company_id as id from company_host where host = '127.0.0.1'`);
  cid = local!.id;
  const fill = (companyId: number, count: number) =>
    db.execute(sql`
      insert into audit_log (company_id, actor_id, action, entity, entity_id, detail, created_at)
      select ${companyId}, u.ids[1 + g % array_length(u.ids, 1)],
        (array['house.update','house.create','record.status','record.submit','home.banner.update','company.update-brand','staff.add','feedback.handle'])[1 + g % 8],
        (array['house','house','record','record','index_banner','company','user','feedback'])[1 + g % 8],
        1 + (g * 7) % 3000, jsonb_build_object('changes', jsonb_build_object('title', jsonb_build_object('old', 'a', 'new', 'b'))),
        now() - ((g * 37) % 730) * interval '1 day' - ((g * 13) % 86400) * interval '1 second'
      from generate_series(1, ${count}) g
      cross join (select array_agg(id order by id) as ids from "user" where company_id = ${companyId}) u`);
  await fill(cid, AUDIT_ROWS);
  await fill(second!.id, OTHER_AUDIT_ROWS);
  await db.execute(sql`
    insert into feedback (company_id, user_id, content, created_at, handled_at, handled_by, handle_note)
    select u.company_id, u.id, '反馈内容' || g, now() - ((g * 37) % 730) * interval '1 day',
      case when g % 10 = 0 then null else now() end, case when g % 10 = 0 then null else u.id end, ''
    from generate_series(1, ${FEEDBACK}) g
    cross join lateral (select id, company_id from "user" where (g % 4 = 0) = (company_id = ${cid}) order by id offset g % 5 limit 1) u`);
  const [actor] = await queryRows<{ id: number }>(db, sql`select actor_id as id from audit_log where company_id = ${cid} and actor_id is not null group by actor_id order by count(*) limit 1`);
  actorId = actor!.id;
  await db.execute(sql`vacuum analyze`);

  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const logger = { logQuery: (text: string, params: unknown[]) => void log.push({ sql: text, params }) };
  logged = (database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  const query = (client as unknown as { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }).query.bind(client);
  explain = async (q) => {
    const result = await query(`explain (format json) ${q.sql}`, q.params);
    const cell = Object.values(result.rows[0]!)[0];
    return ((typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[])[0]!.Plan;
  };
}, 240_000);
afterAll(async () => {
  await database?.close();
});

describe('audit log viewer plans', () => {
  const today = shanghaiDay(new Date());
  const month = customRange(shanghaiDay(new Date(Date.now() - 30 * 86_400_000)), today)!;
  const cases: [string, AuditLogFilters, string | RegExp][] = [
    ['no filter', { range: null }, 'audit_log_company_created_idx'],
    ['actor', { actorId: 0, range: null }, 'audit_log_company_actor_idx'],
    ['action', { action: 'company.update-brand', range: null }, 'audit_log_company_action_idx'],
    ['entity', { entity: 'index_banner', range: null }, /^audit_log_company_(object|created)_idx$/],
    ['object', { entity: 'house', entityId: 42, range: null }, 'audit_log_company_object_idx'],
    ['days', { range: month }, 'audit_log_company_created_idx'],
    ['actor, action and days', { actorId: 0, action: 'house.update', range: month }, /^audit_log_company_(actor|action)_idx$/],
  ];

  it.each(cases)('%s: page 1 and a cursor page read an index', async (name, base, index) => {
    const filters = { ...base, ...(base.actorId === 0 ? { actorId } : {}) };
    const repo = createAdminAuditLogRepository(logged);
    await expectIndexed(`${name} page 1`, () => repo.list(cid, filters, 20, undefined), index);
    const first = await createAdminAuditLogRepository(database.db).list(cid, filters, 20, undefined);
    const last = first[first.length - 1];
    if (last) await expectIndexed(`${name} cursor page`, () => repo.list(cid, filters, 20, [last.cursorAt, last.id]), index);
  });
});

describe('feedback inbox plans', () => {
  const cases: [string, FeedbackFilters][] = [
    ['未处理', { status: 'pending', range: null }],
    ['已处理', { status: 'handled', range: null }],
    ['全部', { status: '', range: null }],
    ['keyword', { status: '', keyword: '反馈内容12', range: null }],
  ];
  // The page and the unhandled count (the menu's badge, asked on every console page) read an
  // index. The filtered total is left out: here one company holds a quarter of all messages,
  // and counting a quarter of a table is cheaper read whole, which the planner rightly does.
  it.each(cases)('%s: the page and the unhandled count read the company’s indexes', async (name, filters) => {
    const repo = createFeedbackConsoleRepository(logged);
    await expectIndexed(name, () => repo.list(cid, filters, { limit: 20, offset: 0 }), /^feedback_company_(created|unhandled)_idx$/, /^select count\(\*\) from "feedback" left join/);
  });
});
