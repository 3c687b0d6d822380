import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../messages';
import { choice, dayText, dbId, dbInt, dbNumber, isCalendarDay, isCalendarMinute, minuteText, pageNumber, text } from './fields';
import { recordSubmitSchema } from './record';
import { auditSubmitSchema, recordDynamicSchema } from './record-tracking';
import { pageQuerySchema } from './envelope';

const inputText = messages.input;

function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('text(field, max)', () => {
  const remark = text('备注', 5);

  it('trims, reads absent or null as empty, counts characters (not UTF-16 units)', () => {
    expect(remark.parse('  好  ')).toBe('好');
    expect(remark.parse(undefined)).toBe('');
    expect(remark.parse(null)).toBe('');
    expect(remark.parse('😀😀😀😀😀')).toBe('😀😀😀😀😀');
    expect(text('密码', 10, { trim: false }).parse(' a b ')).toBe(' a b ');
  });

  it('refuses NUL, a non-string and an over-long value with a message naming the field', () => {
    expect(firstMessage(remark, 'a\u0000b')).toBe(inputText.badCharacter('备注'));
    expect(firstMessage(remark, 42)).toBe(inputText.invalid('备注'));
    expect(firstMessage(remark, ['a'])).toBe(inputText.invalid('备注'));
    expect(firstMessage(remark, { a: 1 })).toBe(inputText.invalid('备注'));
    expect(firstMessage(remark, '六个字六个字')).toBe('备注不能超过5个字');
    // Never silently emptied or cut.
    expect(remark.safeParse('123456').success).toBe(false);
  });
});

describe('dbId, dbInt, dbNumber', () => {
  it('takes ids 1..2^31-1, as numbers or numeric strings', () => {
    const id = dbId('报备');
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [2_147_483_648, '2147483648', 2 ** 53, 1e308, 0, -1]) expect(firstMessage(id, bad)).toBe(inputText.outOfRange('报备'));
    for (const bad of [1.5, 'NaN', 'Infinity', '1e400', '', null, true, [5], {}, '1\u0000', '0x10']) {
      expect(firstMessage(id, bad), JSON.stringify(bad)).toBe(inputText.invalid('报备'));
    }
  });

  it('bounds other integers and numbers to their range', () => {
    expect(dbInt('性别', 0, 2).parse('2')).toBe(2);
    expect(firstMessage(dbInt('性别', 0, 2), 3)).toBe(inputText.outOfRange('性别'));
    expect(firstMessage(dbInt('数量'), -(2 ** 31) - 1)).toBe(inputText.outOfRange('数量'));
    expect(dbNumber('纬度', -90, 90).parse('20.03')).toBe(20.03);
    expect(firstMessage(dbNumber('纬度', -90, 90), 91)).toBe(inputText.outOfRange('纬度'));
    expect(firstMessage(dbNumber('纬度', -90, 90), 'abc')).toBe(inputText.invalid('纬度'));
    expect(firstMessage(pageNumber, 1e9)).toBe(inputText.outOfRange('页码'));
  });
});

describe('choice, dates', () => {
  it('takes one of the values or empty, refuses anything else', () => {
    const status = choice('状态', ['A', 'B']);
    expect(status.parse('A')).toBe('A');
    expect(status.parse(undefined)).toBe('');
    expect(firstMessage(status, 'C')).toBe(inputText.invalid('状态'));
    expect(firstMessage(status, 1)).toBe(inputText.invalid('状态'));
  });

  it('takes real calendar days and minutes only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const bad of ['2023-02-29', '2024-02-30', '2024-13-01', '0000-00-00', '9999-99-99', '275760-09-13', '2024-1-1']) {
      expect(isCalendarDay(bad), bad).toBe(false);
    }
    expect(isCalendarMinute('2024-05-01 23:59')).toBe(true);
    for (const bad of ['2024-05-01 24:00', '2024-05-01 10:60', '2024-02-30 10:00', '2024-05-01T10:00']) {
      expect(isCalendarMinute(bad), bad).toBe(false);
    }
    expect(firstMessage(dayText('日期'), '2024-02-30')).toBe(inputText.invalid('日期'));
    expect(minuteText('到访时间').parse(null)).toBe('');
    expect(firstMessage(minuteText('到访时间'), '9999-99-99 99:99')).toBe(inputText.invalid('到访时间'));
  });
});

describe('the request schemas use them: no .catch() turns bad input into a default', () => {
  it('refuses an over-long remark, reception and audit opinion instead of saving ""', () => {
    const base = { selectHouse: [1], customerList: [] };
    expect(firstMessage(recordSubmitSchema, { ...base, remark: '长'.repeat(501) })).toBe('备注不能超过500个字');
    expect(firstMessage(recordSubmitSchema, { ...base, reception: '长'.repeat(51) })).toBe('接待人不能超过50个字');
    expect(firstMessage(recordDynamicSchema, { id: 1, remark: '长'.repeat(501) })).toBe('备注不能超过500个字');
    const audit = { id: 1, approvalStatus: 'VISIT', version: 1 };
    expect(firstMessage(auditSubmitSchema, { ...audit, approvalResult: '长'.repeat(501) })).toBe('审核意见不能超过500个字');
    expect(firstMessage(auditSubmitSchema, { ...audit, reback: 'yes' })).toBe(inputText.invalid('驳回'));
    expect(firstMessage(recordSubmitSchema, { ...base, selectHouse: [2 ** 31] })).toBe(inputText.outOfRange('楼盘'));
    expect(firstMessage(recordSubmitSchema, { ...base, visitingTime: 'tomorrow' })).toBe(inputText.invalid('到访时间'));
  });

  it('pages: absent is page 1 of 8, garbage is refused', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 8 });
    expect(pageQuerySchema.parse({ page: '3', pageSize: '20' })).toEqual({ page: 3, pageSize: 20 });
    expect(pageQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
  });
});
