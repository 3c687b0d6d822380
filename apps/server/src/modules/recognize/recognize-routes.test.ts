import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const recognize = (payload: object, token?: string) => t.call({ method: 'POST', url: '/api/publicapi/get-demo-message', payload, token });

describe('smart recognition (get-demo-message)', () => {
  it('refuses empty or blank text', async () => {
    for (const message of ['', '   \n  ']) {
      const res = await recognize({ message });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(messages.record.recognizeEmpty);
    }
  });

  it('answers customers, viewing person and visitor count, signed in or not', async () => {
    const message = '客户姓名：王建国\n性别：男\n联系电话：138xxxx5678\n到访人数：两人\n带看人：刘经理 13600001111';
    const expected = {
      customerList: [{ name: '王建国', sex: 1, phone: '138****5678', telType: 0 }],
      daikan: { name: '刘经理', phone: '13600001111' },
      visitorNum: 2,
    };
    const anonymous = await recognize({ message });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toEqual(expected);
    const signedIn = await recognize({ message }, await t.login('13800000003'));
    expect(signedIn.json().data).toEqual(expected);
  });

  it('keeps the count on a phone line and the viewing person out of the customers', async () => {
    const res = await recognize({ message: '客户 张三 13812345678 带看 李四 13900139000 共3人' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      customerList: [{ name: '张三', sex: null, phone: '13812345678', telType: 0 }],
      daikan: { name: '李四', phone: '13900139000' },
      visitorNum: 3,
    });
    const countFirst = await recognize({ message: '到访3人 张三 13812345678' });
    expect(countFirst.json().data.customerList).toEqual([{ name: '张三', sex: null, phone: '13812345678', telType: 0 }]);
    expect(countFirst.json().data.visitorNum).toBe(3);
  });
});
