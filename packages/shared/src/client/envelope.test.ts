import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { buildUrl, readEnvelope } from './envelope';

const ok = { code: 200, type: 200, msg: '成功', message: '成功', data: { sn: 'x', img: 'data:' } };

describe('readEnvelope', () => {
  it('returns the data of a 200 envelope', () => {
    expect(readEnvelope(200, ok)).toEqual({ ok: true, data: { sn: 'x', img: 'data:' } });
  });

  it('turns a null data into null', () => {
    expect(readEnvelope(200, { ...ok, data: null })).toEqual({ ok: true, data: null });
  });

  it('throws-ready ApiError with the server msg, title and data', () => {
    const result = readEnvelope(400, {
      code: 400,
      type: 400,
      msg: '登录失败次数过多，请输入图形验证码',
      message: '登录失败次数过多，请输入图形验证码',
      msgTitle: '登录失败',
      data: { needVerifyCode: true },
    });
    expect(result.ok).toBe(false);
    const error = (result as { error: ApiError }).error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(400);
    expect(error.msg).toBe('登录失败次数过多，请输入图形验证码');
    expect(error.msgTitle).toBe('登录失败');
    expect(error.data).toEqual({ needVerifyCode: true });
    expect(error.handled).toBe(false);
  });

  it('reads the part-2 spelling (type/msg) and the part-1 spelling (code/message)', () => {
    const a = readEnvelope(409, { type: 409, msg: '撞单', data: null });
    const b = readEnvelope(404, { code: 404, message: '不存在', data: null });
    expect(a.ok === false && a.error?.msg).toBe('撞单');
    expect(b.ok === false && b.error?.code).toBe(404);
    expect(b.ok === false && b.error?.msg).toBe('不存在');
  });

  it('does not treat a 200 envelope on a failed HTTP status as success', () => {
    const result = readEnvelope(500, ok);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.error?.code).toBe(500);
  });

  it('reports a body that is not an envelope', () => {
    expect(readEnvelope(502, '<html>Bad Gateway</html>')).toEqual({ ok: false, error: null });
    expect(readEnvelope(200, null)).toEqual({ ok: false, error: null });
    expect(readEnvelope(200, { data: 1 })).toEqual({ ok: false, error: null });
  });
});

describe('buildUrl', () => {
  it('appends defined query values only', () => {
    expect(buildUrl('/get-code', { username: '13800000001', sn: 'a b', code: 'x', purpose: undefined })).toBe(
      '/get-code?username=13800000001&sn=a+b&code=x',
    );
    expect(buildUrl('/get-company', { host: 'localhost' })).toBe('/get-company?host=localhost');
    expect(buildUrl('/x')).toBe('/x');
    expect(buildUrl('/x?page=1', { pageSize: 8 })).toBe('/x?page=1&pageSize=8');
  });
});
