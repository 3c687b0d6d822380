import { describe, expect, it } from 'vitest';
import { classifySendFailure, FIRST_RETRY_MS, LONGEST_RETRY_MS, retryDelay } from './outbox-rules';

const IN_PROGRESS = '请求正在处理中';

describe('classifySendFailure', () => {
  it('keeps no answer, a server failure and a key in progress for another try', () => {
    expect(classifySendFailure({ code: 0, msg: '' }, IN_PROGRESS)).toBe('network');
    expect(classifySendFailure({ code: 500, msg: '服务器错误' }, IN_PROGRESS)).toBe('later');
    expect(classifySendFailure({ code: 502, msg: '' }, IN_PROGRESS)).toBe('later');
    expect(classifySendFailure({ code: 429, msg: '请求过于频繁' }, IN_PROGRESS)).toBe('later');
    expect(classifySendFailure({ code: 409, msg: IN_PROGRESS }, IN_PROGRESS)).toBe('later');
  });

  it('waits for the owner to sign in on 401 and treats any other 4xx as a refusal', () => {
    expect(classifySendFailure({ code: 401, msg: '登录已过期' }, IN_PROGRESS)).toBe('signedOut');
    expect(classifySendFailure({ code: 400, msg: '请填写客户姓名' }, IN_PROGRESS)).toBe('refused');
    expect(classifySendFailure({ code: 409, msg: '该客户已报备过此楼盘' }, IN_PROGRESS)).toBe('refused');
    expect(classifySendFailure({ code: 404, msg: '楼盘不存在' }, IN_PROGRESS)).toBe('refused');
  });
});

describe('retryDelay', () => {
  it('starts at 5 s and doubles up to 5 minutes', () => {
    expect(retryDelay(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelay(2)).toBe(10_000);
    expect(retryDelay(4)).toBe(40_000);
    expect(retryDelay(7)).toBe(LONGEST_RETRY_MS);
    expect(retryDelay(100)).toBe(LONGEST_RETRY_MS);
  });
});
