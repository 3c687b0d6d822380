import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  addedStaffType,
  filterStaffGroups,
  initialStaffPassword,
  recognizeStaffText,
  STAFF_BATCH_BREAK,
  staffAddedMessage,
  staffMatches,
  staffReferenceFormat,
  staffTypeLabel,
  toStaffBatchMessage,
  validateStaffBatch,
  validateStaffDraft,
} from './staff';

const staffText = messages.staff;
const general = { distributorControl: true };
const manager = { distributorControl: false };
const ok = { name: '张三', shopname: '龙华万达店', phone: '13800138000', sex: 1 };

describe('who adds whom', () => {
  it('the general account adds shop managers 店长(经理), a shop manager brokers 业务员', () => {
    expect(addedStaffType(true)).toBe('DIANZHANG');
    expect(addedStaffType(false)).toBe('YUEWUYUAN');
    expect(staffTypeLabel('DIANZHANG')).toBe('店长(经理)');
    expect(staffTypeLabel('YUEWUYUAN')).toBe('业务员');
  });

  it('says the spec’s success dialog with the type', () => {
    expect(staffAddedMessage('YUEWUYUAN')).toBe(
      '业务员添加成功，登录密码为手机后六位，可以关注公众号后直接登录，登录后请立即更改密码，以保证数据安全。',
    );
    expect(staffAddedMessage('DIANZHANG')).toMatch(/^店长\(经理\)添加成功，登录密码为手机后六位/);
  });

  it('the initial password is the last six digits of the phone', () => {
    expect(initialStaffPassword('13800138000')).toBe('138000');
    expect(initialStaffPassword(' 13912345678 ')).toBe('345678');
  });
});

describe('validateStaffDraft: part 2, section 5 in order', () => {
  it('name, shop (general account only), phone required, phone format', () => {
    expect(validateStaffDraft({ ...ok, name: ' ', phone: '' }, general)).toBe('请填写店长(经理)姓名');
    expect(validateStaffDraft({ ...ok, name: '', phone: '' }, manager)).toBe('请填写业务员姓名');
    expect(validateStaffDraft({ ...ok, shopname: ' ', phone: '' }, general)).toBe(staffText.shopRequired);
    // A shop manager's staff join the manager's shop: no shop asked.
    expect(validateStaffDraft({ ...ok, shopname: '', phone: '' }, manager)).toBe('请填写业务员手机号码');
    expect(validateStaffDraft({ ...ok, phone: '' }, general)).toBe('请填写店长(经理)手机号码');
    for (const phone of ['1380013800', '138001380001', '12800138000', '23800138000', '1380013800a']) {
      expect(validateStaffDraft({ ...ok, phone }, manager)).toBe('手机号码格式错误');
    }
    expect(validateStaffDraft(ok, general)).toBeNull();
    expect(validateStaffDraft({ ...ok, shopname: '' }, manager)).toBeNull();
    expect(validateStaffDraft({ ...ok, phone: '19912345678' }, manager)).toBeNull();
  });

  it('a batch refuses the later of two rows with one phone, naming the earlier row', () => {
    const rows = [ok, { ...ok, name: '李四', phone: '1380' }, { ...ok, name: '王五' }, { ...ok, name: '赵六', phone: '13900139000' }];
    expect(validateStaffBatch(rows, manager)).toEqual([null, staffText.phoneInvalid, '与第1行手机号码重复', null]);
  });
});

describe('batch text', () => {
  it('line breaks become the break marker before sending', () => {
    expect(toStaffBatchMessage('a\nb\r\nc\rd')).toBe(['a', 'b', 'c', 'd'].join(STAFF_BATCH_BREAK));
  });

  it('reads name, phone, sex and shop separated by commas of either width or spaces, one a line', () => {
    const text = toStaffBatchMessage(
      ['张三,13800138000,男,龙华万达店', '李四，13900139000，女，美兰国兴店', '  ', '王五 137 0013 7000 先生 海甸岛店', '赵六、女士、15012345678'].join(
        '\n',
      ),
    );
    expect(recognizeStaffText(text, { withShop: true })).toEqual([
      { name: '张三', phone: '13800138000', sex: 1, shopname: '龙华万达店' },
      { name: '李四', phone: '13900139000', sex: 2, shopname: '美兰国兴店' },
      { name: '王五', phone: '13700137000', sex: 1, shopname: '海甸岛店' },
      { name: '赵六', phone: '15012345678', sex: 2, shopname: '' },
    ]);
  });

  it('leaves the shop out for a shop manager, defaults the sex to 1 and takes 1/2 as codes', () => {
    expect(recognizeStaffText('张三,13800138000,龙华万达店<br>李四,13900139000,2', { withShop: false })).toEqual([
      { name: '张三', phone: '13800138000', sex: 1, shopname: '' },
      { name: '李四', phone: '13900139000', sex: 2, shopname: '' },
    ]);
  });

  it('drops labels and +86, and keeps a wrong line as a row to correct', () => {
    expect(recognizeStaffText('姓名：孙七 电话：+8618612345678 性别：女\n周八,12345,男\n吴九', { withShop: false })).toEqual([
      { name: '孙七', phone: '18612345678', sex: 2, shopname: '' },
      { name: '周八', phone: '12345', sex: 1, shopname: '' },
      { name: '吴九', phone: '', sex: 1, shopname: '' },
    ]);
    expect(recognizeStaffText('王五 1371 男 海甸店', { withShop: true })).toEqual([{ name: '王五', phone: '1371', sex: 1, shopname: '海甸店' }]);
    expect(recognizeStaffText(['', ' ', ''].join(STAFF_BATCH_BREAK), { withShop: true })).toEqual([]);
  });

  it('the reference format recognises to valid rows', () => {
    for (const withShop of [true, false]) {
      const rows = recognizeStaffText(toStaffBatchMessage(staffReferenceFormat(withShop)), { withShop });
      expect(rows).toHaveLength(3);
      expect(validateStaffBatch(rows, { distributorControl: withShop })).toEqual([null, null, null]);
    }
  });
});

describe('local search', () => {
  const groups = [
    { anchor: 'C', list: [{ name: '陈海燕', phone: '13800000002' }] },
    { anchor: 'W', list: [{ name: '王小明', phone: '13800000003' }, { name: 'Wendy', phone: '13612345679' }] },
  ];

  it('name or phone contains the text', () => {
    expect(staffMatches({ name: '王小明', phone: '13800000003' }, '小明')).toBe(true);
    expect(staffMatches({ name: '王小明', phone: '13800000003' }, '0003')).toBe(true);
    expect(staffMatches({ name: 'Wendy', phone: '1' }, 'wen')).toBe(true);
    expect(staffMatches({ name: '王小明', phone: '13800000003' }, '李')).toBe(false);
    expect(filterStaffGroups(groups, '  ')).toEqual(groups);
    expect(filterStaffGroups(groups, '0000000')).toEqual([
      { anchor: 'C', list: [{ name: '陈海燕', phone: '13800000002' }] },
      { anchor: 'W', list: [{ name: '王小明', phone: '13800000003' }] },
    ]);
    expect(filterStaffGroups(groups, '海燕')).toEqual([groups[0]]);
    expect(filterStaffGroups(groups, '无此人')).toEqual([]);
  });
});
