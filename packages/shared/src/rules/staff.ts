import { messages } from '../messages';
import { isMainlandPhone } from './phone';

/**
 * Staff management (part 2, sections 2.5, 4, 5, 6 and 9): who adds whom, the add-staff rules
 * in the spec's order, the initial password, the batch text recognition and the list's
 * local search. Pure, so the web forms and the server judge alike.
 */
export const STAFF_TYPES = ['DIANZHANG', 'YUEWUYUAN'] as const;
export type StaffType = (typeof STAFF_TYPES)[number];

/** Part 2, section 9: sex codes 1 male, 2 female, 0 unknown; the add form defaults to 1. */
export const DEFAULT_STAFF_SEX = 1;
export const STAFF_NAME_MAX = 30;
export const STAFF_SHOP_MAX = 30;
/** Rows one batch may add (recognised or sent); more is refused as a whole. */
export const STAFF_BATCH_MAX = 50;
/**
 * Part 2, section 5, 'Batch add': line breaks are converted to a break marker before sending.
 * The server splits on it (and on raw line breaks, for clients that send those).
 */
export const STAFF_BATCH_BREAK = '<br>';

const staffText = messages.staff;

/**
 * Part 2, section 1: the general account (distributorControl) adds shop managers; a shop
 * manager adds brokers.
 */
export function addedStaffType(distributorControl: boolean): StaffType {
  return distributorControl ? 'DIANZHANG' : 'YUEWUYUAN';
}

/** Part 2, section 5: {type} is 店长(经理) for the general account, else 业务员. */
export function staffTypeLabel(type: StaffType): string {
  return type === 'DIANZHANG' ? staffText.typeManager : staffText.typeBroker;
}

export interface StaffDraft {
  name: string;
  /** Only the general account names the shop; a shop manager's staff join the manager's shop. */
  shopname: string;
  phone: string;
  sex: number;
}

/**
 * Part 2, section 5, 'Add staff', in the spec's order: name, shop (general account only),
 * phone required, phone format. The first failed rule's message, or null. The edit form
 * uses the same rules: a general account edits shop managers, a shop manager brokers.
 */
export function validateStaffDraft(draft: StaffDraft, actor: { distributorControl: boolean }): string | null {
  const type = staffTypeLabel(addedStaffType(actor.distributorControl));
  if (!draft.name.trim()) return staffText.nameRequired(type);
  if (actor.distributorControl && !draft.shopname.trim()) return staffText.shopRequired;
  const phone = draft.phone.trim();
  if (!phone) return staffText.phoneRequired(type);
  if (!isMainlandPhone(phone)) return staffText.phoneInvalid;
  return null;
}

/**
 * The rules of every row of a batch, plus a phone repeated in the batch (the later row is
 * refused, naming the earlier one, 1-based). The server adds what only it knows (a phone
 * already registered).
 */
export function validateStaffBatch(rows: readonly StaffDraft[], actor: { distributorControl: boolean }): (string | null)[] {
  const firstRowOf = new Map<string, number>();
  return rows.map((row, i) => {
    const failure = validateStaffDraft(row, actor);
    if (failure) return failure;
    const phone = row.phone.trim();
    const earlier = firstRowOf.get(phone);
    if (earlier !== undefined) return staffText.batchDuplicateRow(earlier + 1);
    firstRowOf.set(phone, i);
    return null;
  });
}

/** Part 2, sections 6 and 9: a new staff member's password is the last six digits of the phone. */
export function initialStaffPassword(phone: string): string {
  return phone.trim().slice(-6);
}

/** The success dialog of part 2, section 8, for the type the actor adds. */
export function staffAddedMessage(type: StaffType): string {
  return staffText.added(staffTypeLabel(type));
}

/** Part 2, section 5: the client converts line breaks to the break marker before sending. */
export function toStaffBatchMessage(text: string): string {
  return text.replace(/\r\n|\r|\n/g, STAFF_BATCH_BREAK);
}

/** The 参考格式 text: name, phone, sex, and the shop when the general account adds. */
export function staffReferenceFormat(withShop: boolean): string {
  return withShop
    ? ['张三,13800138000,男,龙华万达店', '李四，13900139000，女，美兰国兴店', '王五 13700137000 男 海甸岛店'].join('\n')
    : ['张三,13800138000,男', '李四，13900139000，女', '王五 13700137000 男'].join('\n');
}

const SEX_WORDS: Record<string, number> = {
  男: 1,
  男士: 1,
  男性: 1,
  先生: 1,
  女: 2,
  女士: 2,
  女性: 2,
  小姐: 2,
};
/** 'key: value' labels people paste with the values. */
const LABEL = /^(员工姓名|姓名|名字|手机号码|手机号|手机|电话|联系电话|性别|门店名称|门店|店铺|所属门店)[:：]?/;

/** One pasted line: the phone is the token of digits, the sex a sex word, then name and shop in order. */
function recognizeLine(line: string, withShop: boolean): StaffDraft | null {
  const text = line
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    // '138 0013 8000' and '138-0013-8000' are one phone.
    .replace(/(?<!\d)(1\d{2})[\s-](\d{4})[\s-](\d{4})(?!\d)/g, '$1$2$3');
  const tokens = text
    .split(/[,，、;；|\s]+/)
    .map((t) => t.replace(LABEL, '').trim())
    .filter(Boolean);
  if (tokens.length === 0) return null;
  let phone = '';
  let sex: number | null = null;
  const rest: string[] = [];
  for (const token of tokens) {
    const digits = token.replace(/^\+?86(?=1\d{10}$)/, '');
    // Any run of three or more digits is the phone, right or wrong, so a wrong one shows as such.
    if (!phone && /^\d{3,}$/.test(digits)) phone = digits;
    else if (sex === null && (token in SEX_WORDS || token === '1' || token === '2')) sex = SEX_WORDS[token] ?? Number(token);
    else rest.push(token);
  }
  const [name = '', ...shop] = rest;
  return {
    name: name.slice(0, STAFF_NAME_MAX),
    shopname: withShop ? shop.join('').slice(0, STAFF_SHOP_MAX) : '',
    phone,
    sex: sex ?? DEFAULT_STAFF_SEX,
  };
}

/**
 * Batch recognition (POST /api/user/get-demo-user-data): one staff member a line (split on
 * the break marker or line breaks), fields 'name, phone, sex[, shop]' separated by commas
 * (either width), 、, semicolons or spaces, in any order the tokens tell apart. Blank lines
 * are skipped; a line with something wrong is still a row, so the batch screen can show it
 * for correction.
 */
export function recognizeStaffText(message: string, options: { withShop: boolean }): StaffDraft[] {
  return message
    .split(new RegExp(`${STAFF_BATCH_BREAK}|<br\\s*/?>|\\r\\n|\\r|\\n`, 'i'))
    .map((line) => recognizeLine(line, options.withShop))
    .filter((row): row is StaffDraft => row !== null);
}

/** Part 2, section 2.5: the list's local search, name or phone contains the text. */
export function staffMatches(staff: { name: string; phone: string }, keyword: string): boolean {
  const k = keyword.trim();
  if (!k) return true;
  return staff.name.toLowerCase().includes(k.toLowerCase()) || staff.phone.includes(k);
}

/** The groups with only matching members; groups left empty are dropped. */
export function filterStaffGroups<T extends { name: string; phone: string }>(
  groups: readonly { anchor: string; list: readonly T[] }[],
  keyword: string,
): { anchor: string; list: T[] }[] {
  return groups
    .map((g) => ({ anchor: g.anchor, list: g.list.filter((item) => staffMatches(item, keyword)) }))
    .filter((g) => g.list.length > 0);
}
