/**
 * The data of `npm run bench` at scale (issue 13 item 6): the demo data, then the company of
 * BENCH_HOST grown to `listings` listings, `users` accounts and `reports` reports, all in bulk
 * SQL (generate_series, random() seeded with setseed), so that a million reports take minutes,
 * not hours. The signed-in broker (BENCH_PHONE) reports 5 % of them, so his 我的订单 has
 * thousands of pages (page 100 and the last page mean something); the rest spread over every
 * account of a distributor. The report table's non-unique indexes are dropped for the insert
 * and built again from their own definitions after it (faster than growing them row by row).
 * Every report that reached 成交 gets its deal, and most 确认成交 ones their commission paid
 * (one payment), so 数据驾驶舱's deal figures mean something. The kept counts (record_tally,
 * channel_tally) are not kept row by row during the load (their insert triggers are disabled)
 * but rebuilt once after it; then `vacuum analyze`, as autovacuum leaves a table after a bulk load.
 */
import { isShopManager, shopManagerOfReporter } from '@baobei/shared/rules/access';
import type { Db } from '../db/client';
import { seedDemo } from '../db/seed/seed-demo';
import type { Raw } from './bench-support';
import { BENCH_HOST, BENCH_PHONE } from './http-load';

export interface Scale {
  reports: number;
  listings: number;
  users: number;
}

/** Reports per insert statement: progress to print, and a bounded transaction. */
const BATCH = 100_000;
/** Reports span three years. */
const SPAN_DAYS = 3 * 365;
/** The signed-in broker's share of the reports. */
const BROKER_SHARE = 0.05;
/** A customer name the generator makes once in 1,600 reports (3 characters: trigram-searchable). */
export const SCALE_KEYWORD = '王建国';
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '符', '吉', '羊', '云', '邢', '麦', '蔡', '钟', '卢', '冼'];
const GIVEN = ['建国', '伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '海燕', '志强', '晓东', '春梅', '国栋', '小红', '文静', '俊峰', '家豪', '美玲', '永福', '丽娟', '明辉', '晓婷', '建华', '海霞'];
const PLACES = ['海口', '三亚', '椰林', '西海岸', '江东', '国兴', '万绿园', '观澜湖', '南渡江', '海甸', '五源河', '府城', '美舍河', '桂林洋', '红城湖', '亚龙湾', '海棠湾', '崖州', '儋州', '博鳌'];
const CORES = ['花园', '澜湾', '未来城', '悦府', '公园壹号', '锦绣华府', '御景台', '学府', '翡翠湾', '蓝湾', '城市之心', '玺悦', '听涛苑', '半山御墅', '椰风海岸', '星城', '月亮湾', '蔚蓝海岸', '天悦府', '君庭'];

const count = async (raw: Raw, text: string, params: unknown[]) => Number((await raw(text, params))[0]!.n);

/** Listings copied from the company's demo listings (every column), named anew: `${place}·${core}${n}号`. */
async function addListings(raw: Raw, companyId: number, target: number): Promise<void> {
  const existing = await count(raw, 'select count(*)::int as n from house where company_id = $1', [companyId]);
  if (existing >= target) return;
  const columns = (await raw(`select column_name as c from information_schema.columns where table_name = 'house' and column_name <> 'id' order by ordinal_position`)).map((r) => `"${String(r.c)}"`);
  // The name's parts picked per row from $2 and $3; every other column as the demo listing's.
  const name = `($2::text[])[1 + g % array_length($2::text[], 1)] || '·' || ($3::text[])[1 + (g / array_length($2::text[], 1)) % array_length($3::text[], 1)] || g || '号'`;
  const values = columns.map((c) => (c === '"name"' ? name : c === '"sort"' ? '1000 + g' : `t.${c}`));
  const text = `insert into house (${columns.join(', ')})
    select ${values.join(', ')}
    from generate_series(1, $4::int) g
    join (select row_number() over (order by id) - 1 as i, * from house where company_id = $1) t on t.i = g % $5::int`;
  await raw(text, [companyId, PLACES, CORES, target - existing, existing]);
}

/** Brokers for every distributor of the company, each under one of its shop managers. */
async function addUsers(raw: Raw, companyId: number, target: number): Promise<void> {
  const existing = await count(raw, 'select count(*)::int as n from "user" where company_id = $1', [companyId]);
  if (existing >= target) return;
  const managers = await raw(`select id, distributor_id from "user" where company_id = $1 and role = 'DIANZHANG' and not distributor_control order by id`, [companyId]);
  if (!managers.length) throw new Error('bench: the company has no shop manager');
  await raw(
    `insert into "user" (company_id, distributor_id, role, shop_name, manager_id, name, phone, password_hash)
     select $1, ($2::int[])[1 + g % $4::int], 'YUEWUYUAN', '压测门店', ($3::int[])[1 + g % $4::int], '压测业务员' || g, '17' || lpad(g::text, 9, '0'),
       (select password_hash from "user" where company_id = $1 and phone = $5)
     from generate_series(1, $6::int) g`,
    [companyId, managers.map((m) => m.distributor_id), managers.map((m) => m.id), managers.length, BENCH_PHONE, target - existing],
  );
}

/** `reports` reports of the company (see the file's comment), BATCH per statement, with the indexes built after. */
async function addReports(raw: Raw, companyId: number, reports: number, progress: (line: string) => void): Promise<void> {
  const staff = await raw(
    `select u.id, u.role, u.manager_id, u.distributor_id, u.phone, d.channel_user_id from "user" u join distributor d on d.id = u.distributor_id
     where u.company_id = $1 and u.active order by u.id`,
    [companyId],
  );
  const reporters = staff.map((u) => ({
    id: Number(u.id),
    phone: String(u.phone),
    distributorId: Number(u.distributor_id),
    channelUserId: u.channel_user_id === null ? null : Number(u.channel_user_id),
    shopManagerId: shopManagerOfReporter({ id: Number(u.id), role: String(u.role) as never, managerId: u.manager_id === null ? null : Number(u.manager_id) }),
    // Brokers report most; shop managers now and then.
    weight: isShopManager(String(u.role) as never) ? 1 : 6,
  }));
  const pool = reporters.flatMap((r) => Array.from({ length: r.weight }, () => r));
  const broker = reporters.findIndex((r) => r.phone === BENCH_PHONE);
  const auditors = (await raw(`select id from "user" where company_id = $1 and role = 'AUDITOR' order by vacation, id`, [companyId])).map((r) => Number(r.id));
  const houses = (await raw('select id from house where company_id = $1 order by id', [companyId])).map((r) => Number(r.id));
  if (broker < 0 || !auditors.length || !houses.length) throw new Error('bench: the company lacks the broker, auditors or listings');

  const indexes = await raw(`select indexname, indexdef from pg_indexes where tablename = 'record' and indexdef not like 'CREATE UNIQUE%'`);
  for (const index of indexes) await raw(`drop index "${String(index.indexname)}"`);
  // The tally of the lists' tabs (migration 0014) and 数据驾驶舱's (0033) are built once after the
  // load, not row by row (channel_tally's trigger writes some 30 rows per report).
  await raw('alter table record disable trigger record_tally_insert');
  await raw('alter table record disable trigger channel_tally_record_insert');
  await raw('select setseed(0.13)');
  // Per row: r picks the reporter (the broker's share first), a the age, s the status, p the phone.
  const text = `insert into record (company_id, house_id, customer_name, customer_sex, customer_phone, customer_phone_masked, reporter_id, distributor_id,
      shop_manager_id, channel_user_id, auditor_id, estimated_visit_time, visit_time, status, protect_until, submission_id, created_at, audit_at)
    select $1, ($2::int[])[1 + floor(random() * array_length($2::int[], 1))::int],
      ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] || ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int],
      floor(random() * 3)::int, p, left(p, 3) || '****' || right(p, 4),
      ($5::int[])[r], ($6::int[])[r], ($7::int[])[r], ($8::int[])[r],
      case when random() < 0.8 then ($9::int[])[1] else ($9::int[])[1 + floor(random() * array_length($9::int[], 1))::int] end,
      created + interval '1 hour' * (1 + floor(random() * 72)),
      case when status in ('VISIT', 'MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE') then created + interval '1 day' end,
      status, created + interval '7 days', 'scale-' || g, created,
      case when status <> 'RECORDSTART' then created + interval '1 hour' end
    from (
      select g, r, p, created,
        case
          when age < 3 then case when s < 0.45 then 'RECORDSTART' when s < 0.7 then 'RECORDSTANDBY' when s < 0.9 then 'RECORDCOMPLETE' else 'RECORDCLOSE' end
          when age < 30 then case when s < 0.05 then 'RECORDSTANDBY' when s < 0.3 then 'RECORDCOMPLETE' when s < 0.55 then 'RECORDCLOSE' when s < 0.7 then 'UNVISIT' when s < 0.9 then 'VISIT' else 'MAKEBARGAIN' end
          else case when s < 0.5 then 'RECORDCLOSE' when s < 0.75 then 'UNVISIT' when s < 0.9 then 'VISIT' when s < 0.97 then 'MAKEBARGAINCOMPLETE' else 'MAKEBARGAINCLOSE' end
        end as status
      from (
        select g, age, s, p, now() - interval '1 day' * age as created,
          case when pick < $10::float8 then $11::int else 1 + floor(random() * array_length($5::int[], 1))::int end as r
        from (
          select g, ${SPAN_DAYS} * power(random(), 1.3) as age, random() as s, random() as pick,
            -- 13x, 15x, 18x, 19x: never the 16x customers of the submit phases.
            '1' || (array['3', '5', '8', '9'])[1 + floor(random() * 4)::int] || lpad(floor(random() * 1e9)::bigint::text, 9, '0') as p
          from generate_series($12::int, $13::int) g
        ) base
      ) aged
    ) statused`;
  const started = performance.now();
  for (let from = 1; from <= reports; from += BATCH) {
    const to = Math.min(reports, from + BATCH - 1);
    await raw(text, [
      companyId, houses, SURNAMES, GIVEN,
      pool.map((r) => r.id), pool.map((r) => r.distributorId), pool.map((r) => r.shopManagerId), pool.map((r) => r.channelUserId),
      auditors, BROKER_SHARE, pool.findIndex((r) => r.phone === BENCH_PHONE) + 1, from, to,
    ]);
    progress(`  ${to.toLocaleString('en-US')} reports (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const indexed = performance.now();
  for (const index of indexes) await raw(String(index.indexdef));
  await raw('alter table record enable trigger record_tally_insert');
  await raw('alter table record enable trigger channel_tally_record_insert');
  await raw('select record_tally_rebuild($1)', [companyId]);
  progress(`  ${indexes.length} indexes built again (${((performance.now() - indexed) / 1000).toFixed(0)} s)`);
}

/**
 * A deal for every report of the company that reached 成交 (成交, 确认成交, 成交关闭), in one
 * statement: 60-180 m² at 13,000-17,000 元/m² (about 80万 to 300万元), signed a few days after
 * the report (never after today), 3 % commission, recorded by the report's auditor. A 确认成交
 * report's commission is mostly paid in full (SETTLED, one payment a month after the signing,
 * never after today); the rest are PENDING. The deal and payment triggers of channel_tally are
 * disabled meanwhile: the rebuild after counts them all at once.
 */
async function addDeals(raw: Raw, companyId: number, progress: (line: string) => void): Promise<void> {
  const started = performance.now();
  await raw('select setseed(0.29)');
  await raw('alter table record_deal disable trigger channel_tally_deal_insert');
  try {
    // Per report: area, unit price (元/m²) and the days to the signing; the price in 分 from the first two.
    await raw(
      `insert into record_deal (record_id, company_id, building, room, floor_area, total_price_fen, signed_on, contract_picture, property_type,
         base_fen, incentive_fen, commission_fen, paid_fen, settlement_state, created_by, created_at, updated_at)
       select id, company_id, building, room, area, price, signed, '/uploads/bench/contract.png', 'RESIDENCE',
         round(price * 0.03)::bigint, 0, round(price * 0.03)::bigint, case when settled then round(price * 0.03)::bigint else 0 end,
         case when settled then 'SETTLED' else 'PENDING' end, auditor_id, signed_at, signed_at
       from (
         select id, company_id, building, room, area, signed, auditor_id, settled,
           (area * unit * 100)::bigint as price, (signed + time '10:00') at time zone 'Asia/Shanghai' as signed_at
         from (
           select r.id, r.company_id, r.auditor_id,
             (1 + floor(random() * 20))::int || '栋' as building,
             (1 + floor(random() * 30))::int || lpad((1 + floor(random() * 4))::int::text, 2, '0') as room,
             round((60 + random() * 120)::numeric, 2) as area,
             13000 + floor(random() * 4000) as unit,
             least((r.created_at at time zone 'Asia/Shanghai')::date + (1 + floor(random() * 10))::int, (now() at time zone 'Asia/Shanghai')::date) as signed,
             r.status = 'MAKEBARGAINCOMPLETE' and random() < 0.85 as settled
           from record r
           where r.company_id = $1 and r.status in ('MAKEBARGAIN', 'MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE') and r.auditor_id is not null
         ) picked
       ) priced`,
      [companyId],
    );
  } finally {
    await raw('alter table record_deal enable trigger channel_tally_deal_insert');
  }
  await raw('alter table commission_payment disable trigger channel_tally_payment_insert');
  try {
    await raw(
      `insert into commission_payment (deal_id, company_id, amount_fen, paid_on, reference, created_by, created_at)
       select d.id, d.company_id, d.paid_fen, paid, 'bench', d.created_by, (paid + time '15:00') at time zone 'Asia/Shanghai'
       from record_deal d
       cross join lateral (select least(d.signed_on + 30, (now() at time zone 'Asia/Shanghai')::date) as paid) p
       where d.company_id = $1 and d.settlement_state = 'SETTLED'`,
      [companyId],
    );
  } finally {
    await raw('alter table commission_payment enable trigger channel_tally_payment_insert');
  }
  const [counted] = await raw(
    `select count(*)::int as deals, count(*) filter (where settlement_state = 'SETTLED')::int as settled from record_deal where company_id = $1`,
    [companyId],
  );
  progress(`  ${Number(counted!.deals).toLocaleString('en-US')} deals, ${Number(counted!.settled).toLocaleString('en-US')} paid (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

/** Migrated database → the demo data and the company of BENCH_HOST at `scale`. Answers that company's id. */
export async function buildScale(db: Db, raw: Raw, scale: Scale, progress: (line: string) => void): Promise<number> {
  await seedDemo(db);
  const companyId = Number((await raw('select company_id from company_host where host = $1', [BENCH_HOST]))[0]!.company_id);
  await addListings(raw, companyId, scale.listings);
  await addUsers(raw, companyId, scale.users);
  progress(`  listings and users (${scale.listings.toLocaleString('en-US')}, ${scale.users.toLocaleString('en-US')})`);
  await addReports(raw, companyId, scale.reports, progress);
  await addDeals(raw, companyId, progress);
  const rebuilt = performance.now();
  await raw('select channel_tally_rebuild($1)', [companyId]);
  progress(`  数据驾驶舱's kept counts rebuilt (${((performance.now() - rebuilt) / 1000).toFixed(0)} s)`);
  await raw('vacuum analyze');
  return companyId;
}
