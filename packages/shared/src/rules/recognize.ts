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

const DAIKAN_WORDS = ['带看人', '带看员', '带看', '置业顾问', '经纪人', '陪同人'];
const VISITOR_WORDS = ['到访人数', '来访人数', '看房人数', '人数', '几人'];
/** Words that are labels or chatter, never part of a name. */
const LABELS = new Set(['客户', '姓名', '客户姓名', '客户名称', '名字', '称呼', '电话', '手机', '手机号', '手机号码', '联系电话', '客户电话', '号码', '联系方式', '性别', '客户信息', '信息']);
const NOT_NAMES = ['老师', '你好', '您好', '报备', '客户', '麻烦', '谢谢', '帮忙', '收到', '楼盘', '项目', '时间', '到访', '看房', '备注', '一下', '电话', '手机', '号码', '人数', '信息', '格式', '经理好'];
const SEX_WORDS: Record<string, number> = { 男: 1, 先生: 1, 男士: 1, 女: 2, 女士: 2, 小姐: 2 };
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

/** Name and gender in a stretch of text without phones. */
function nameAndSex(text: string): { name: string; sex: number | null } {
  let name = '';
  let sex: number | null = null;
  const tokens = text
    .replace(/[(（]\s*(男|女|先生|女士)\s*[)）]/g, ' $1 ')
    .split(/[^\u4e00-\u9fa5·A-Za-z]+/)
    .filter(Boolean);
  for (let token of tokens) {
    token = token.replace(/^(客户姓名|客户名称|客户|姓名|名字|称呼)/, '');
    if (!token || LABELS.has(token)) continue;
    if (token in SEX_WORDS) {
      sex ??= SEX_WORDS[token]!;
      if (name && [...name].length === 1 && (token === '先生' || token === '女士')) name += token;
      continue;
    }
    const titled = /^([\u4e00-\u9fa5]{1,4}?)(先生|女士|小姐)$/.exec(token);
    if (titled && !name) {
      sex ??= SEX_WORDS[titled[2]!]!;
      name = [...titled[1]!].length === 1 ? token : titled[1]!;
      continue;
    }
    const gendered = /^([\u4e00-\u9fa5]{2,4})[(（]?(男|女)[)）]?$/.exec(token);
    if (!name && gendered && /^[\u4e00-\u9fa5]{3,5}$/.test(token) && NOT_NAMES.every((w) => !token.includes(w))) {
      // '张三男' is rare; only a trailing 男/女 after two or more characters reads as gender.
      if ([...token].length >= 3) {
        name = gendered[1]!;
        sex ??= SEX_WORDS[gendered[2]!]!;
        continue;
      }
    }
    if (!name && /^[\u4e00-\u9fa5·]{1,5}$/.test(token) && NOT_NAMES.every((w) => !token.includes(w))) name = token;
  }
  return { name, sex };
}

type Field = 'name' | 'sex' | 'phone' | 'daikan' | 'visitor' | 'ignore';

/** What a 'key: value' label speaks of. */
function fieldOf(key: string): Field {
  if (DAIKAN_WORDS.some((w) => key.includes(w))) return 'daikan';
  if (VISITOR_WORDS.some((w) => key.includes(w))) return 'visitor';
  if (/项目|楼盘|时间|日期|备注|公司|渠道|门店|地址/.test(key)) return 'ignore';
  if (key.includes('性别')) return 'sex';
  if (/电话|手机|号码|联系方式/.test(key)) return 'phone';
  if (/姓名|客户|名字|称呼|名称/.test(key)) return 'name';
  return 'ignore';
}

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

  const text = normaliseText(message);
  const visitorPattern = /(?:到访人数|来访人数|看房人数|人数|几人)\s*[:为是]?\s*(\d+|[一二两三四五六七八九十]+)\s*(?:人|位)?/;
  const visitorAfter = /(?:共|一共)?\s*(\d+|[一二两三四五六七八九十]+)\s*(?:人|位)\s*(?:到访|来访|看房)/;
  // '到访3人', '来访两位'
  const visitorVerbFirst = /(?:到访|来访|看房)\s*(\d+|[一二两三四五六七八九十]+)\s*(?:人|位)/;
  const lines = text
    // The viewing person and the visitor count may follow customers on one line: own lines.
    .replace(/(带看人|带看员|置业顾问|经纪人|陪同人|到访人数|来访人数|看房人数)/g, '\n$1')
    .split(/[\n\r;]+/)
    .map((l) => l.trim())
    .filter(Boolean);

  const addDaikan = (value: string) => {
    const phone = findPhones(value)[0];
    if (phone && !daikan.phone) daikan.phone = phone.phone;
    const rest = phone ? value.slice(0, phone.start) + ' ' + value.slice(phone.end) : value;
    const { name } = nameAndSex(rest);
    if (name && !daikan.name) daikan.name = name;
  };

  const addFree = (value: string) => {
    const phones = findPhones(value);
    if (phones.length === 0) {
      const found = nameAndSex(value);
      if (!found.name && found.sex === null) return;
      // Without a phone or a gender, only a line that is nothing but a name reads as one.
      const bare = value.replace(/[\s:,.!?]/g, '').replace(/^(客户姓名|客户名称|客户|姓名|名字|称呼)/, '');
      if (found.sex === null && bare !== found.name) return;
      if (found.name && state.current?.name) flush();
      const c = draft();
      if (found.name) c.name = found.name;
      if (found.sex !== null) c.sex = found.sex;
      return;
    }
    // Names before their phones, or (phone first) after them.
    const phoneFirst = !nameAndSex(value.slice(0, phones[0]!.start)).name;
    phones.forEach((hit, i) => {
      const from = phoneFirst ? hit.end : i === 0 ? 0 : phones[i - 1]!.end;
      const to = phoneFirst ? (phones[i + 1]?.start ?? value.length) : hit.start;
      const found = nameAndSex(value.slice(from, to));
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

  for (const line of lines) {
    const kv = /^([\u4e00-\u9fa5A-Za-z]{1,8})\s*[:]\s*(.*)$/.exec(line);
    const key = kv?.[1] ?? '';
    const lead = DAIKAN_WORDS.find((w) => line.startsWith(w));
    const field: Field = kv ? fieldOf(key) : lead ? 'daikan' : 'name';
    const value = kv ? kv[2]! : lead ? line.slice(lead.length) : line;
    if (field === 'daikan') {
      addDaikan(value);
      continue;
    }
    const count = visitorPattern.exec(line) ?? visitorAfter.exec(line) ?? visitorVerbFirst.exec(line);
    if (field === 'visitor' || (count && !findPhones(line).length)) {
      const n = count ? parseCount(count[1]!) : parseCount(value.replace(/[人位\s]/g, ''));
      if (n !== null && visitorNum === null) visitorNum = n;
      continue;
    }
    if (field === 'ignore') continue;
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
    addFree(value);
  }
  flush();
  return { customerList: customers, daikan, visitorNum };
}
