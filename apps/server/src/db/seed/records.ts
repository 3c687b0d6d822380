import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { maskPhone } from '@baobei/shared/rules/phone';
import { protectionDueAt } from '@baobei/shared/rules/record-view';
import { shanghaiHour } from '@baobei/shared/rules/shanghai-time';
import { record, recordApproval, recordDynamic, recordImage } from '../schema';
import type { Tx } from '../client';
import type { SeededAccount, SeededAccounts } from './accounts';
import { ID_CARD_BACK, ID_CARD_FRONT, RECORD_QRCODE, VISIT_PHOTO } from './assets';
import type { BrandKey } from './companies';
import type { SeededCustomer } from './customers';
import type { SeededHouse } from './houses';
import type { Rng } from './prng';
import { addMs, ceilToMinutes, DAY, floorToMinutes, HOUR, insertMany, MINUTE } from './util';

/** Moves a time into 09:00-18:00 in Asia/Shanghai: before 9 to later that morning, after 18 to the next day. */
function duringOfficeHours(at: Date, rng: Rng): Date {
  // Draw first, whatever the hour, so the rest of the data never depends on the time of day.
  const extra = rng.int(0, 5);
  const hour = shanghaiHour(at);
  if (hour >= 9 && hour < 18) return at;
  return addMs(at, (hour < 9 ? 9 - hour + Math.min(extra, 4) : 24 - hour + 9 + extra) * HOUR);
}

/** Moves a time in the small hours (before 8 in Asia/Shanghai) back to the previous afternoon or evening. */
function outOfTheNight(at: Date, rng: Rng): Date {
  const back = rng.int(1, 10);
  const hour = shanghaiHour(at);
  return hour < 8 ? addMs(at, -(hour + back) * HOUR) : at;
}

/** Reports per reporter: how many of each status (every status appears for the first brokers). */
type Plan = Partial<Record<RecordStatus, number>>;
const ALL_ONCE: Plan = {
  RECORDSTART: 2,
  RECORDSTANDBY: 1,
  RECORDCOMPLETE: 1,
  RECORDCLOSE: 1,
  UNVISIT: 1,
  VISIT: 1,
  MAKEBARGAIN: 1,
  MAKEBARGAINCOMPLETE: 1,
  MAKEBARGAINCLOSE: 1,
};
const PLANS: Record<BrandKey, Record<string, Plan>> = {
  haikou: {
    '13800000003': {
      RECORDSTART: 3,
      RECORDSTANDBY: 3,
      RECORDCOMPLETE: 3,
      RECORDCLOSE: 2,
      UNVISIT: 2,
      VISIT: 2,
      MAKEBARGAIN: 2,
      MAKEBARGAINCOMPLETE: 2,
      MAKEBARGAINCLOSE: 1,
    },
    '13800000002': ALL_ONCE,
    '13800000008': ALL_ONCE,
    '13800000021': { RECORDSTART: 1, RECORDCOMPLETE: 1, VISIT: 1, MAKEBARGAINCOMPLETE: 1 },
    '13800000024': { RECORDSTANDBY: 1, RECORDCLOSE: 1, MAKEBARGAIN: 1 },
  },
  sanya: {
    '13900000003': ALL_ONCE,
    '13900000002': { RECORDSTART: 1, RECORDCOMPLETE: 1, VISIT: 1, MAKEBARGAINCOMPLETE: 1, RECORDCLOSE: 1 },
    '13900000008': { RECORDSTART: 1, RECORDSTANDBY: 1, UNVISIT: 1, MAKEBARGAIN: 1, MAKEBARGAINCLOSE: 1, VISIT: 1 },
    '13900000021': { RECORDSTART: 1, RECORDSTANDBY: 1 },
  },
};

/** The auditor steps a report in a status went through after submission. */
function stepsTo(status: RecordStatus, rng: Rng): RecordStatus[] {
  const deal: RecordStatus[] = ['RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT', 'MAKEBARGAIN'];
  switch (status) {
    case 'RECORDSTART':
      return [];
    case 'RECORDSTANDBY':
      return ['RECORDSTANDBY'];
    case 'RECORDCOMPLETE':
      return rng.chance(0.7) ? ['RECORDSTANDBY', 'RECORDCOMPLETE'] : ['RECORDCOMPLETE'];
    case 'RECORDCLOSE':
      return rng.chance(0.5) ? ['RECORDCLOSE'] : ['RECORDSTANDBY', 'RECORDCLOSE'];
    case 'UNVISIT':
      return ['RECORDSTANDBY', 'RECORDCOMPLETE', 'UNVISIT'];
    case 'VISIT':
      return ['RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT'];
    case 'MAKEBARGAIN':
      return deal;
    case 'MAKEBARGAINCOMPLETE':
      return [...deal, 'MAKEBARGAINCOMPLETE'];
    case 'MAKEBARGAINCLOSE':
      return [...deal, 'MAKEBARGAINCLOSE'];
  }
}

/** Days ago a report in this status was created (early statuses get theirs from the protection period). */
const AGE_DAYS: Record<RecordStatus, [number, number]> = {
  RECORDSTART: [0.05, 6],
  RECORDSTANDBY: [0.2, 12],
  RECORDCOMPLETE: [0.5, 25],
  RECORDCLOSE: [1, 80],
  UNVISIT: [5, 60],
  VISIT: [3, 60],
  MAKEBARGAIN: [20, 80],
  MAKEBARGAINCOMPLETE: [35, 89],
  MAKEBARGAINCLOSE: [30, 89],
};
const EARLY: readonly RecordStatus[] = ['RECORDSTART', 'RECORDSTANDBY', 'RECORDCOMPLETE'];

const RESULTS: Partial<Record<RecordStatus, string[]>> = {
  RECORDSTANDBY: ['已受理，正在向开发商报备', '已受理，等待案场核实'],
  RECORDCOMPLETE: ['已发送开发商，等待案场确认', '开发商已接收报备'],
  RECORDCLOSE: ['客户信息不完整，请补充后重新报备', '客户为案场自然到访客户，报备无效', '超出保护期未到访，报备无效'],
  UNVISIT: ['客户未按约定时间到访'],
  VISIT: ['客户已到访，案场确认有效', '客户到访，置业顾问已接待'],
  MAKEBARGAIN: ['客户已认购，待签约', '客户已交定金'],
  MAKEBARGAINCOMPLETE: ['已网签备案，确认成交', '首付已到账，确认成交'],
  MAKEBARGAINCLOSE: ['客户退房，成交关闭', '客户贷款未获批，成交关闭'],
};
const DUPLICATE_RESULT = '撞单：该客户已由其他分销商报备且在保护期内，报备无效';
const REMARKS = ['客户意向三房，预算150万左右', '客户周末有空，优先安排上午看房', '外地客户，需要接机', '客户关注学区，带孩子一起看房', '', '', ''];
const DYNAMICS = [
  '客户已到案场，置业顾问接待中',
  '客户对三室户型有意向，约周末二次到访',
  '已提醒客户携带身份证原件',
  '客户在比较周边两个项目，持续跟进',
  '已与案场确认接待置业顾问',
  '客户家属下周一起来看房',
];

type NewRecord = typeof record.$inferInsert;
type NewApproval = Omit<typeof recordApproval.$inferInsert, 'recordId'>;
type NewDynamic = Omit<typeof recordDynamic.$inferInsert, 'recordId'>;
type NewImage = Omit<typeof recordImage.$inferInsert, 'recordId'>;

interface RecordDraft {
  row: NewRecord & { submissionId: string; houseId: number; customerPhone: string };
  approvals: NewApproval[];
  dynamics: NewDynamic[];
  images: NewImage[];
}

interface Context {
  brand: BrandKey;
  companyId: number;
  accounts: SeededAccounts;
  houses: SeededHouse[];
  customers: SeededCustomer[];
  rng: Rng;
  now: Date;
}

/** Builds one report and its history, its times compressed so every step lies in the past. */
function buildRecord(
  ctx: Context,
  input: {
    reporter: SeededAccount;
    house: SeededHouse;
    customer: SeededCustomer;
    status: RecordStatus;
    createdAt: Date;
    submissionId: string;
    auditor: SeededAccount;
    steps: RecordStatus[];
    closeResult?: string;
  },
): RecordDraft {
  const { accounts, rng, now, companyId } = ctx;
  const { reporter, house, customer, status, createdAt, submissionId, auditor, steps } = input;
  const distributor = ctx.accounts.distributors.find((d) => d.id === reporter.distributorId);
  if (!distributor) throw new Error(`seed: reporter ${reporter.seed.phone} has no distributor`);
  const managerId = reporter.seed.manager ? accounts.get(reporter.seed.manager).id : reporter.id;
  const admin = accounts.firstOf('AUDITORADMIN');

  // The planned visit: after the listing's lead time, during office hours, on a half hour.
  const lead = house.row.reportLeadTime * MINUTE;
  const planned = ceilToMinutes(duringOfficeHours(addMs(createdAt, lead + rng.int(0, 36) * HOUR), rng), 30);
  // Offsets in ms from createdAt; compressed below when the last lies in the future.
  let estimated = planned.getTime() - createdAt.getTime();
  let visit: number | null = null;
  const times: number[] = [];
  let t = 0;
  for (const step of steps) {
    if (step === 'RECORDSTANDBY') t += rng.int(5, 90) * MINUTE;
    else if (step === 'RECORDCOMPLETE') t += rng.int(30, 360) * MINUTE;
    else if (step === 'RECORDCLOSE') t += rng.int(10, 24 * 60) * MINUTE;
    else if (step === 'UNVISIT') t = Math.max(t, estimated) + DAY;
    else if (step === 'VISIT') {
      visit = Math.max(t + 30 * MINUTE, estimated + rng.int(-30, 60) * MINUTE);
      t = visit + rng.int(30, 180) * MINUTE;
    } else if (step === 'MAKEBARGAIN') t += rng.int(2, 12) * DAY;
    else t += rng.int(3, 15) * DAY;
    times.push(t);
  }
  const latest = now.getTime() - 10 * MINUTE - createdAt.getTime();
  const last = times.at(-1) ?? 0;
  if (last > latest) {
    const k = latest / last;
    for (let i = 0; i < times.length; i++) times[i] = Math.floor((times[i] as number) * k);
    if (visit !== null) visit = Math.floor(visit * k);
    if (steps.length > 0) estimated = Math.min(estimated, Math.max((times[0] as number) + HOUR, lead));
  }
  const at = (offset: number) => floorToMinutes(new Date(createdAt.getTime() + offset), 1);
  const estimatedVisitTime = ceilToMinutes(at(estimated), 30);
  const visitTime = visit === null ? null : floorToMinutes(at(visit), 5);

  const visitorNum = rng.int(1, 4);
  const phoneAsSubmitted = house.row.ruleTel === 'MASKED' && customer.telType === 0 && rng.chance(0.5) ? maskPhone(customer.phone) : customer.phone;
  const pics = house.row.isNeedIdCard ? (customer.images.length ? customer.images : [ID_CARD_FRONT, ID_CARD_BACK]) : customer.images;
  const dk = rng.chance(0.8) ? reporter.seed : (accounts.byPhone.get(reporter.seed.manager ?? '')?.seed ?? reporter.seed);
  const onsite = house.contacts.find((c) => c.kind === 'ONSITE');

  const approvals: NewApproval[] = [
    {
      status: 'RECORDSTART',
      userId: reporter.id,
      userName: reporter.seed.name,
      userPhone: reporter.seed.phone,
      approvalResult: '提交报备',
      estimatedVisitTime,
      visitorNum,
      createdAt,
    },
  ];
  steps.forEach((step, i) => {
    // Confirming a deal is the auditor admin's call; the assigned auditor does the rest.
    const actor = step === 'MAKEBARGAINCOMPLETE' ? admin : auditor;
    const result = step === 'RECORDCLOSE' && input.closeResult ? input.closeResult : rng.pick(RESULTS[step] ?? ['']);
    approvals.push({
      status: step,
      userId: actor.id,
      userName: actor.seed.name,
      userPhone: actor.seed.phone,
      approvalResult: result,
      visitTime: step === 'VISIT' ? visitTime : null,
      estimatedVisitTime,
      visitorNum,
      createdAt: at(times[i] as number),
    });
  });
  const lastApproval = approvals.at(-1);

  const dynamics: NewDynamic[] = [];
  if (steps.length > 0 && rng.chance(0.45)) {
    const authors = [reporter, accounts.firstOf('CHANNEL')];
    const count = rng.int(1, 2);
    for (let k = 0; k < count; k++) {
      const author = authors[k % authors.length] as SeededAccount;
      const offset = Math.min(latest, (times[0] as number) + (k + 1) * rng.int(20, 600) * MINUTE);
      dynamics.push({ userId: author.id, userName: author.seed.name, remark: rng.pick(DYNAMICS), createdAt: at(offset) });
    }
  }
  const images: NewImage[] = [];
  if (visitTime) {
    images.push({ url: RECORD_QRCODE, uploadedBy: reporter.id, createdAt: addMs(visitTime, -20 * MINUTE) });
    if (rng.chance(0.6)) images.push({ url: VISIT_PHOTO, uploadedBy: auditor.id, createdAt: addMs(visitTime, 15 * MINUTE) });
  } else if (status === 'RECORDCOMPLETE' && rng.chance(0.4)) {
    images.push({ url: RECORD_QRCODE, uploadedBy: reporter.id, createdAt: at((times.at(-1) ?? 0) + MINUTE) });
  }

  const protectUntil = addMs(createdAt, house.row.reportProtectHours * HOUR);
  // What the protection job would have stored by now (docs/decisions/051): 已过保护期 is a fact.
  const dueAt = protectionDueAt({ status, protectUntil, visitTime }, house.row.takeLookProtectHours ?? 720);
  const row: RecordDraft['row'] = {
    companyId,
    houseId: house.id,
    customerId: customer.id,
    customerName: customer.name,
    customerSex: customer.sex,
    customerPhone: phoneAsSubmitted,
    customerPhoneMasked: maskPhone(customer.phone),
    customerTelType: customer.telType,
    customerPics: pics,
    picConsentAt: pics.length > 0 ? createdAt : null,
    reporterId: reporter.id,
    distributorId: reporter.distributorId,
    shopManagerId: managerId,
    shopName: reporter.seed.shopName ?? '',
    channelUserId: distributor.channelUserId,
    auditorId: auditor.id,
    dkName: dk.name,
    dkPhone: dk.phone,
    visitorNum,
    reception: onsite && rng.chance(0.4) ? onsite.name.replace(/（.*）$/, '') : '',
    remark: rng.pick(REMARKS),
    estimatedVisitTime,
    visitTime,
    status,
    approvalResult: steps.length ? (lastApproval?.approvalResult ?? '') : '',
    protectUntil,
    protectionExpiredAt: dueAt && dueAt.getTime() <= now.getTime() ? dueAt : null,
    version: 1 + steps.length,
    submissionId,
    createdAt,
    auditAt: steps.length ? at(times[0] as number) : null,
    operateAt: steps.length ? at(times.at(-1) as number) : null,
  };
  return { row, approvals, dynamics, images };
}

export function generateRecords(ctx: Context): RecordDraft[] {
  const { brand, accounts, houses, customers, rng, now } = ctx;
  const drafts: RecordDraft[] = [];
  const usedPairs = new Set<string>();
  const auditor = accounts.firstOf('AUDITOR');
  const admin = accounts.firstOf('AUDITORADMIN');
  const open = houses.filter((h) => h.row.active && (h.row.sellingStatus === 'SELLING' || h.row.sellingStatus === 'OFFER_BUY'));
  const anyActive = houses.filter((h) => h.row.active);
  let sequence = 0;
  let expiredToggle = false;
  const nextSubmission = () => `seed-${brand}-${String(++sequence).padStart(4, '0')}`;

  // A buyer on two distributors' lists is reported by the second only in duplicateDemo.
  const distributorOf = (c: SeededCustomer) => accounts.get(c.ownerPhone).distributorId;
  const shared = new Set(
    customers.filter((c) => customers.some((o) => o.phone === c.phone && distributorOf(o) !== distributorOf(c))).map((c) => c.id),
  );
  for (const [reporterPhone, plan] of Object.entries(PLANS[brand])) {
    const reporter = accounts.get(reporterPhone);
    const own = customers.filter((c) => c.ownerPhone === reporterPhone && !c.deleted && !(shared.has(c.id) && reporterPhone === '13800000008'));
    let customerCursor = 0;
    for (const [status, count] of Object.entries(plan) as [RecordStatus, number][]) {
      for (let n = 0; n < count; n++) {
        const early = EARLY.includes(status);
        const pool = early ? open : anyActive;
        // Haikou gets most of the reports.
        const haikouPool = pool.filter((h) => h.cityName === '海口');
        let house = rng.pick(rng.chance(0.65) && haikouPool.length ? haikouPool : pool);
        let customer = own[customerCursor++ % own.length] as SeededCustomer;
        for (let tries = 0; usedPairs.has(`${customer.id}|${house.id}`) && tries < 20; tries++) {
          house = rng.pick(pool);
          customer = own[customerCursor++ % own.length] as SeededCustomer;
        }
        usedPairs.add(`${customer.id}|${house.id}`);

        // Early statuses alternate between inside and past the protection period.
        let ageMs: number;
        let live = false;
        if (early) {
          expiredToggle = !expiredToggle;
          live = !expiredToggle;
          const protect = house.row.reportProtectHours * HOUR;
          ageMs = live ? rng.int(1, Math.max(2, Math.floor((protect * 0.8) / HOUR))) * HOUR : protect + rng.int(2, 72) * HOUR;
        } else {
          const [min, max] = AGE_DAYS[status];
          ageMs = rng.float(min, max, 3) * DAY;
        }
        // Reports still inside protection keep their age; older ones move out of the small hours (only ever earlier).
        const rawCreatedAt = new Date(now.getTime() - ageMs);
        const daytime = outOfTheNight(rawCreatedAt, rng);
        const createdAt = floorToMinutes(live ? rawCreatedAt : daytime, 1);
        const submissionId = nextSubmission();
        const assigned = rng.chance(0.2) ? admin : auditor;
        const steps = stepsTo(status, rng);
        drafts.push(buildRecord(ctx, { reporter, house, customer, status, createdAt, submissionId, auditor: assigned, steps }));

        // One submission in five covers a second listing for the same customer.
        if (n === 0 && rng.chance(0.2)) {
          const second = rng.pick(pool.filter((h) => h.id !== house.id && !usedPairs.has(`${customer.id}|${h.id}`)));
          usedPairs.add(`${customer.id}|${second.id}`);
          drafts.push(buildRecord(ctx, { reporter, house: second, customer, status, createdAt, submissionId, auditor: assigned, steps: stepsTo(status, rng) }));
        }
      }
    }
  }

  if (brand === 'haikou') drafts.push(...duplicateDemo(ctx, nextSubmission, usedPairs));
  return drafts;
}

/**
 * 撞单 on purpose: broker 13800000003 (distributor 1) holds a protected report; broker
 * 13800000008 (distributor 2) reported the same buyer for the same listing later and was
 * turned down, so that report is closed and the rule stays satisfied.
 */
function duplicateDemo(ctx: Context, nextSubmission: () => string, usedPairs: Set<string>): RecordDraft[] {
  const { accounts, houses, customers, now } = ctx;
  const first = accounts.get('13800000003');
  const second = accounts.get('13800000008');
  const buyer = customers.find((c) => c.ownerPhone === '13800000003');
  const sameBuyer = customers.find((c) => c.ownerPhone === '13800000008' && c.phone === buyer?.phone);
  const house = houses.find(
    (h) =>
      h.row.active &&
      h.row.sellingStatus === 'SELLING' &&
      h.row.reportProtectHours >= 72 &&
      h.cityName === '海口' &&
      !usedPairs.has(`${buyer?.id}|${h.id}`),
  );
  if (!buyer || !sameBuyer || !house) throw new Error('seed: duplicate demo prerequisites missing');
  const auditor = accounts.firstOf('AUDITOR');
  const createdAt = floorToMinutes(new Date(now.getTime() - 20 * HOUR), 1);
  return [
    buildRecord(ctx, { reporter: first, house, customer: buyer, status: 'RECORDSTANDBY', createdAt, submissionId: nextSubmission(), auditor, steps: ['RECORDSTANDBY'] }),
    buildRecord(ctx, {
      reporter: second,
      house,
      customer: sameBuyer,
      status: 'RECORDCLOSE',
      createdAt: addMs(createdAt, 5 * HOUR),
      submissionId: nextSubmission(),
      auditor,
      steps: ['RECORDCLOSE'],
      closeResult: DUPLICATE_RESULT,
    }),
  ];
}

export async function insertRecords(tx: Tx, drafts: RecordDraft[]): Promise<number> {
  const key = (r: { submissionId: string; houseId: number; customerPhone: string }) => `${r.submissionId}|${r.houseId}|${r.customerPhone}`;
  const ids = new Map<string, number>();
  for (let i = 0; i < drafts.length; i += 200) {
    const inserted = await tx
      .insert(record)
      .values(drafts.slice(i, i + 200).map((d) => d.row))
      .returning({ id: record.id, submissionId: record.submissionId, houseId: record.houseId, customerPhone: record.customerPhone });
    for (const r of inserted) ids.set(key(r), r.id);
  }
  const idOf = (d: RecordDraft): number => {
    const id = ids.get(key(d.row));
    if (id === undefined) throw new Error(`seed: record ${key(d.row)} not inserted`);
    return id;
  };
  await insertMany(tx, recordApproval, drafts.flatMap((d) => d.approvals.map((a) => ({ ...a, recordId: idOf(d) }))));
  await insertMany(tx, recordDynamic, drafts.flatMap((d) => d.dynamics.map((a) => ({ ...a, recordId: idOf(d) }))));
  await insertMany(tx, recordImage, drafts.flatMap((d) => d.images.map((a) => ({ ...a, recordId: idOf(d) }))));
  return drafts.length;
}
