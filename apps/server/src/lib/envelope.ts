import type { Envelope } from '@baobei/shared/schemas/envelope';

/** The only writer of the envelope of DECISIONS.md: code === type, msg === message. */
export function envelope<T>(code: number, data: T, msg = '', msgTitle?: string): Envelope<T> {
  return msgTitle === undefined
    ? { code, type: code, msg, message: msg, data }
    : { code, type: code, msg, message: msg, msgTitle, data };
}

export function ok<T>(data: T, msg = '成功', msgTitle?: string): Envelope<T> {
  return envelope(200, data, msg, msgTitle);
}
