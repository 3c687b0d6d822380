/**
 * Smart recognition (part 1, section 7, getDemoMessage): pasted WeChat-style text to customers
 * (name, gender, phone full or masked), the viewing person and the visitor count. Pure, so the
 * client may run it too; the corpus beside it (recognize-corpus.ts) is its contract.
 */
export interface RecognizedCustomer {
  name: string;
  /** 1 male, 2 female, null when the text does not say. */
  sex: number | null;
  phone: string;
  /** 0 mainland (full or masked), 1 other regions. */
  telType: number;
}

export interface Recognition {
  customerList: RecognizedCustomer[];
  daikan: { name: string; phone: string };
  visitorNum: number | null;
}

const DAIKAN_WORDS = ['带看人', '带看员', '带看', '置业顾问', '经纪人', '陪同人', '陪同'];
const VISITOR_WORDS = ['到访人数', '来访人数', '看房人数', '人数', '几人'];
/** Words that are labels or chatter, never part of a name. */
const LABELS = new Set(['客户', '姓名', '客户姓名', '客户名称', '名字', '称呼', '电话', '手机', '手机号', '手机号码', '联系电话', '客户电话', '号码', '联系方式', '性别', '客户信息', '信息', '联系人']);
const NOT_NAMES = [
  '老师', '你好', '您好', '报备', '客户', '麻烦', '谢谢', '帮忙', '收到', '楼盘', '项目', '时间', '到访', '来访', '看房', '备注',
  '一下', '电话', '手机', '号码', '人数', '信息', '格式', '经理好', '大家', '预计', '预约', '左右', '带看', '陪同', '置业', '顾问',
  '经纪', '渠道', '公司', '门店', '地产', '房产', '中介', '意向', '户型', '首付', '全款', '贷款', '安排', '接待', '一起', '家人',
  '朋友', '夫妻', '本人', '性别', '姓名', '名字', '一共', '一行', '合计', '推荐', '购房', '买房', '新盘', '请问', '已经', '马上',
  '现场', '售楼', '确认', '尽快', '感谢', '辛苦', '以下', '如下', '同事', '号码', '微信', '群里', '客人', '老板', '各位', '亲们',
];
/** A listing's name, never a person's: '海口湾一号', '椰林湾', '滨江花园'. */
const LISTING = /(湾|苑|府|城|庭|郡|墅|号|园|广场|公馆|花园|小区|中心|大厦|国际|天地|家园|山庄|半岛|公寓|别墅|[一二三四五六七八九]期|雅居|华庭)$/;
/** Titles and the gender each gives. */
const TITLE_SEX: Record<string, number> = { 先生: 1, 女士: 2, 小姐: 2, 太太: 2 };
const SEX_WORDS: Record<string, number> = { 男: 1, 男士: 1, 女: 2, ...TITLE_SEX };
const TITLED = new RegExp(`^([\\u4e00-\\u9fa5]{1,4}?)(${Object.keys(TITLE_SEX).join('|')})$`);
/** Two-character surnames: '欧阳' before a title is a surname, not a full name. */
const COMPOUND_SURNAMES = new Set([
  '欧阳', '上官', '司马', '诸葛', '东方', '皇甫', '令狐', '慕容', '公孙', '尉迟', '长孙', '宇文', '司徒', '夏侯', '独孤', '南宫',
  '西门', '端木', '轩辕', '澹台', '申屠', '呼延', '钟离', '闻人', '万俟', '百里', '赫连', '拓跋', '淳于', '太史', '单于', '濮阳',
  '公羊', '东郭', '完颜', '耶律', '仲孙', '鲜于', '闾丘', '司空', '司寇', '左丘', '谷梁', '梁丘', '乐正', '第五',
]);
/** Labels that say the next word is a customer's name. */
const NAME_LABELS = new Set(['客户', '姓名', '客户姓名', '客户名称', '名字', '称呼', '联系人', '客户信息']);
const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** Full-width forms to ASCII, emoji and joiners to spaces, x-masked phones to '*'. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\p{Extended_Pictographic}/gu, ' ')
    .replace(/\uFE0F|\u200D|\u20E3/g, ' ')
    .replace(/(1[3-9]\d)[\s-]?[xX×*]{4}[\s-]?(\d{4})(?!\d)/g, '$1****$2');
}

/** '3', '三', '十', '十二' (one to ninety-nine); null otherwise. */
export function parseCount(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(text);
  if (!m || !text) return null;
  const [, tens, ten, ones] = m;
  if (!ten) return tens && !ones ? CN_DIGITS[tens]! : null;
  return (tens ? CN_DIGITS[tens]! : 1) * 10 + (ones ? CN_DIGITS[ones]! : 0);
}

const PHONE = /(?:\+86[\s-]?|0086[\s-]?)?(?<!\d)(1[3-9]\d[\s-]?(?:\d{4}|\*{4})[\s-]?\d{4})(?!\d)|((?:\+|00)(?!86)\d{1,4}[\s-]?\d(?:[\d\s-]{5,14})\d)(?!\d)/g;

/** Dates and times of the visit: removed before names are read. */
const TIMES = [
  /(?<!\d)\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}[日号]?/g,
  /(?<!\d)\d{1,2}[-/.]\d{1,2}(?=\s|$)(?!\d)/g,
  /(?<!\d)\d{1,2}月\d{1,2}[日号]?/g,
  /(?<!\d)\d{1,2}:\d{2}(?!\d)/g,
  /(?<!\d)\d{1,2}[日号](?![码])/g,
  /(上午|下午|中午|晚上|早上|傍晚|凌晨)/g,
  /(今天|明天|后天|今日|明日|今晚|明早|周末)/g,
  // '周六', never the 周一 of 周一仙.
  /(?:周|星期|礼拜)[一二三四五六日天](?![\u4e00-\u9fa5])/g,
  /((?<!\d)\d{1,2}|[一二三四五六七八九十]{1,3})点(半|\d{1,2}分?|钟)?(左右)?/g,
];

const N = '(\\d{1,3}|[一二两三四五六七八九十]{1,3})';
/** A visitor count anywhere: '到访人数：3', '共3人', '一行两位', '到访3人', '3人到访', '三位'. */
const COUNT = new RegExp(
  [
    `(?:到访人数|来访人数|看房人数|人数|几人)\\s*[:为是]?\\s*${N}\\s*个?(?:人|位)?`,
    `(?:共计|一共|总共|合计|一行|夫妻|共)\\s*${N}\\s*个?(?:人|位)(?:到访|来访|看房)?`,
    `(?:到访|来访|看房)\\s*${N}\\s*个?(?:人|位)`,
    `(?<!\\d)(\\d{1,3})\\s*个?(?:人|位)(?!数)(?:到访|来访|看房|同行)?`,
    `(?<![\\u4e00-\\u9fa5])([一二两三四五六七八九十]{1,3})\\s*个?(?:人|位)(?!数)(?:到访|来访|看房|同行)?`,
  ].join('|'),
  'g',
);

/** '一家4口', '一家三口人', '人数：一家五口': before COUNT, whose '人数：一' would read 1. */
const HOUSEHOLD = new RegExp(`(?:(?:到访人数|来访人数|看房人数|人数)\\s*[:为是]?\\s*)?(?:一家|全家)\\s*${N}\\s*口人?`, 'g');

const FAMILY = new RegExp(`(?:(?:到访人数|来访人数|看房人数|人数)\\s*[:为是]?\\s*)?${N}\\s*个?大(?:人)?\\s*${N}\\s*个?小(?:孩|朋友)?`, 'g');

interface PhoneHit {
  phone: string;
  telType: number;
  start: number;
  end: number;
}

function findPhones(text: string): PhoneHit[] {
  const hits: PhoneHit[] = [];
  for (const m of text.matchAll(PHONE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1]) hits.push({ phone: m[1].replace(/[\s-]/g, ''), telType: 0, start, end });
    else if (m[2]) hits.push({ phone: m[2].replace(/[\s-]/g, '').replace(/^00/, '+'), telType: 1, start, end });
  }
  return hits;
}

interface Scan {
  name: string;
  sex: number | null;
  /** A gender word before the name (it may belong to the customer before). */
  sexBefore: number | null;
}

function plainName(token: string): boolean {
  return (
    (/^[\u4e00-\u9fa5]{2,4}$/.test(token) || /^[\u4e00-\u9fa5]{1,6}·[\u4e00-\u9fa5]{1,8}$/.test(token)) &&
    NOT_NAMES.every((w) => !token.includes(w)) &&
    !([...token].length >= 3 && LISTING.test(token))
  );
}

/**
 * A bare surname, single ('王') or compound ('欧阳'): with a title it stays a name ('王先生',
 * '欧阳小姐'), as the form gives a one-character name 先生 or 女士; after a full name the title goes.
 */
function surnameOnly(text: string): boolean {
  return /^[\u4e00-\u9fa5]$/.test(text) || COMPOUND_SURNAMES.has(text);
}

/**
 * Name and gender in a stretch of text without phones; `pick` says which name wins when several
 * appear; `nameLabelled`: the text is the value of a name label ('客户：小龙女').
 */
function scan(text: string, pick: 'first' | 'last' = 'first', nameLabelled = false): Scan {
  let name = '';
  let sex: number | null = null;
  let sexBefore: number | null = null;
  let lastSex: number | null = null;
  const tokens = text
    .replace(/[(（]\s*(男|女|先生|女士)\s*[)）]/g, ' $1 ')
    .split(/[^\u4e00-\u9fa5·A-Za-z]+/)
    .filter(Boolean);
  const setName = (value: string) => {
    if (name && pick === 'first') return false;
    name = value;
    sexBefore = lastSex;
    sex = null;
    return true;
  };
  let previous = '';
  let afterNameLabel = nameLabelled;
  // '小龙女 女': with a gender word of its own, a trailing 男/女 is part of the name.
  const explicitSex = tokens.some((t) => t in SEX_WORDS);
  for (const raw of tokens) {
    const token = raw.replace(/^(客户姓名|客户名称|客户|姓名|名字|称呼|联系人|性别)/, '');
    // '客户：小龙女', '客户姓名小龙女': what a name label names is a name as written.
    const labelledName = afterNameLabel || (token !== raw && !raw.startsWith('性别'));
    afterNameLabel = NAME_LABELS.has(raw);
    const before = previous;
    previous = token;
    if (!token || LABELS.has(token)) continue;
    const title = TITLE_SEX[token];
    // '邓 女士', '欧阳 小姐': a lone surname and its title.
    if (title !== undefined && surnameOnly(before) && !(before in SEX_WORDS)) {
      if (name === before) {
        name += token;
        sex ??= title;
        continue;
      }
      if (name !== before + token) {
        if (setName(before + token)) sex = title;
        continue;
      }
    }
    if (token in SEX_WORDS) {
      const value = SEX_WORDS[token]!;
      if (name) {
        if (title !== undefined && surnameOnly(name)) name += token;
        sex ??= value;
      } else lastSex ??= value;
      continue;
    }
    const titled = TITLED.exec(token);
    if (titled && NOT_NAMES.every((w) => !titled[1]!.includes(w))) {
      if (setName(surnameOnly(titled[1]!) ? token : titled[1]!)) sex = TITLE_SEX[titled[2]!]!;
      continue;
    }
    const gendered = /^([\u4e00-\u9fa5]{2,3})(男|女)$/.exec(token);
    if (gendered && !explicitSex && !labelledName && plainName(gendered[1]!)) {
      if (setName(gendered[1]!)) sex = SEX_WORDS[gendered[2]!]!;
      continue;
    }
    if (plainName(token)) setName(token);
  }
  if (!name) return { name, sex: lastSex, sexBefore: null };
  return { name, sex: sex ?? (pick === 'first' ? sexBefore : null), sexBefore: pick === 'first' ? null : sexBefore };
}

/** The old single-result form. */
function nameAndSex(text: string, nameLabelled = false): { name: string; sex: number | null } {
  const { name, sex, sexBefore } = scan(text, 'first', nameLabelled);
  return { name, sex: sex ?? sexBefore };
}

type Field = 'name' | 'sex' | 'phone' | 'daikan' | 'visitor' | 'ignore' | 'other';

/** What a 'key: value' label speaks of. */
function fieldOf(key: string): Field {
  if (DAIKAN_WORDS.some((w) => key.includes(w))) return 'daikan';
  if (VISITOR_WORDS.some((w) => key.includes(w))) return 'visitor';
  if (/项目|楼盘|时间|日期|备注|公司|渠道|门店|地址|报备人|推荐人/.test(key)) return 'ignore';
  if (key.includes('性别')) return 'sex';
  if (/电话|手机|号码|联系方式/.test(key)) return 'phone';
  if (/姓名|客户|名字|称呼|名称|联系人/.test(key)) return 'name';
  return 'other';
}

const DAIKAN_MARK = /(带看人|带看员|带看|置业顾问|经纪人|陪同人|陪同)(?:电话|手机号|手机|姓名)?\s*[:]?/;

export function recognizeMessage(message: string): Recognition {
  const customers: RecognizedCustomer[] = [];
  const daikan = { name: '', phone: '' };
  let visitorNum: number | null = null;
  const state: { current: RecognizedCustomer | null } = { current: null };
  const flush = () => {
    if (state.current && (state.current.name || state.current.phone)) customers.push(state.current);
    state.current = null;
  };
  const draft = (): RecognizedCustomer => (state.current ??= { name: '', sex: null, phone: '', telType: 0 });

  let text = normaliseText(message).replace(/[【】[\]「」《》]/g, ' ');
  for (const time of TIMES) text = text.replace(time, ' ');
  // '2大1小': adults and children, all visitors.
  text = text.replace(FAMILY, (whole, adults: string, children: string) => {
    const a = parseCount(adults);
    const b = parseCount(children);
    if (a !== null && b !== null && visitorNum === null) visitorNum = a + b;
    return ' ';
  });
  text = text.replace(HOUSEHOLD, (whole, members: string) => {
    const n = parseCount(members);
    if (n !== null && visitorNum === null) visitorNum = n;
    return ' ';
  });
  text = text.replace(COUNT, (whole, ...groups: unknown[]) => {
    const n = groups.slice(0, 5).find((g) => typeof g === 'string') as string | undefined;
    const value = n === undefined ? null : parseCount(n);
    if (value !== null && visitorNum === null) visitorNum = value;
    return ' ';
  });
  const lines = text
    .split(/[\n\r;。]+/)
    .map((l) => l.trim())
    .filter(Boolean);

  const addDaikan = (value: string) => {
    const phone = findPhones(value)[0];
    if (phone && !daikan.phone) daikan.phone = phone.phone;
    const rest = phone ? value.slice(0, phone.start) + ' ' + value.slice(phone.end) : value;
    const { name } = scan(rest);
    if (name && !daikan.name) daikan.name = name;
  };

  const addFree = (value: string, nameLabelled = false) => {
    const phones = findPhones(value);
    if (phones.length === 0) {
      const found = nameAndSex(value, nameLabelled);
      if (!found.name && found.sex === null) return;
      // Without a phone or a gender, only a line that is nothing but a name reads as one.
      const bare = value.replace(/[\s:,.!?、，]/g, '').replace(/^(客户姓名|客户名称|客户|姓名|名字|称呼|联系人)/, '');
      if (found.sex === null && bare !== found.name) return;
      if (found.name && state.current?.name) flush();
      if (!found.name && state.current?.sex != null && (state.current.name || state.current.phone)) return;
      const c = draft();
      if (found.name) c.name = found.name;
      if (found.sex !== null) c.sex = found.sex;
      return;
    }
    // Names before their phones, or (phone first) after them.
    const phoneFirst = !scan(value.slice(0, phones[0]!.start), 'first', nameLabelled).name;
    phones.forEach((hit, i) => {
      const from = phoneFirst ? hit.end : i === 0 ? 0 : phones[i - 1]!.end;
      const to = phoneFirst ? (phones[i + 1]?.start ?? value.length) : hit.start;
      const found = scan(value.slice(from, to), phoneFirst ? 'first' : 'last', nameLabelled && from === 0);
      const previous = state.current;
      if (found.sexBefore !== null) {
        // '张三 138… 男、李四 139…': the gender before 李四 is 张三's.
        if (i > 0 && previous?.phone && previous.sex === null) previous.sex = found.sexBefore;
        else found.sex ??= found.sexBefore;
      }
      if (!found.name && found.sex !== null && i > 0 && previous?.phone && previous.sex === null && !phoneFirst) {
        previous.sex = found.sex;
        found.sex = null;
      }
      if (state.current && (state.current.phone || (found.name && state.current.name))) flush();
      const c = draft();
      if (found.name) c.name = found.name;
      if (found.sex !== null) c.sex ??= found.sex;
      c.phone = hit.phone;
      c.telType = hit.telType;
    });
    if (!phoneFirst) {
      const tail = nameAndSex(value.slice(phones[phones.length - 1]!.end));
      if (tail.sex !== null && state.current) state.current.sex ??= tail.sex;
    }
  };

  for (const raw of lines) {
    let line = raw;
    // The viewing person anywhere in a line: from its word to its phone (or a customer label).
    const mark = DAIKAN_MARK.exec(line);
    if (mark && mark.index > 0) {
      const after = line.slice(mark.index + mark[0].length);
      const phone = findPhones(after)[0];
      const label = /客户|姓名/.exec(after);
      let end = after.length;
      if (phone) end = phone.end;
      if (label && label.index < (phone ? phone.start : end)) end = label.index;
      addDaikan(after.slice(0, end));
      line = (line.slice(0, mark.index) + ' ' + after.slice(end)).trim();
      if (!line) continue;
    }
    const kv = /^([\u4e00-\u9fa5A-Za-z]{1,8})\s*[:]\s*(.*)$/.exec(line);
    const key = kv?.[1] ?? '';
    const lead = DAIKAN_WORDS.find((w) => line.startsWith(w));
    const field: Field = kv ? fieldOf(key) : lead ? 'daikan' : 'name';
    const value = kv ? kv[2]! : lead ? line.slice(lead.length) : line;
    if (field === 'daikan') {
      const leadMark = DAIKAN_MARK.exec(value);
      if (!kv && leadMark && leadMark.index === 0) addDaikan(value.slice(leadMark[0].length));
      else {
        const phone = findPhones(value)[0];
        const label = /客户|姓名/.exec(value);
        if (!phone && label && label.index > 0) {
          addDaikan(value.slice(0, label.index));
          addFree(value.slice(label.index));
        } else if (phone && label && label.index > phone.end) {
          addDaikan(value.slice(0, label.index));
          addFree(value.slice(label.index));
        } else addDaikan(value);
      }
      continue;
    }
    if (field === 'visitor') {
      const n = parseCount(value.replace(/[人位个\s]/g, ''));
      if (n !== null && visitorNum === null) visitorNum = n;
      continue;
    }
    if (field === 'ignore') {
      // '项目：三亚湾 沙通天 男 138…': the listing is no name, the customer after it still is.
      if (/项目|楼盘/.test(key) && findPhones(value).length) addFree(value);
      continue;
    }
    // An unknown label: its value counts only when it carries a phone.
    if (field === 'other' && !findPhones(value).length) continue;
    if (field === 'sex') {
      const { sex } = nameAndSex(value);
      if (sex !== null) {
        if (state.current?.sex != null && (state.current.name || state.current.phone)) flush();
        draft().sex = sex;
      }
      continue;
    }
    if (field === 'phone') {
      const hit = findPhones(value)[0];
      if (!hit) continue;
      if (state.current?.phone) flush();
      const c = draft();
      c.phone = hit.phone;
      c.telType = hit.telType;
      const { name, sex } = nameAndSex(value.slice(0, hit.start) + ' ' + value.slice(hit.end));
      if (name && !c.name) c.name = name;
      if (sex !== null) c.sex ??= sex;
      continue;
    }
    if (kv) {
      // A name label starts a new customer once the one being read has a name.
      if (state.current?.name && nameAndSex(value).name) flush();
    }
    addFree(value, field === 'name' && kv !== null);
  }
  flush();
  return { customerList: customers, daikan, visitorNum };
}
