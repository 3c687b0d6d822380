import Fastify from 'fastify';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createDevSmsSender } from './sms';

function capture() {
  const stream = new PassThrough();
  let written = '';
  stream.on('data', (c: Buffer) => (written += c.toString('utf8')));
  // Fastify's own logger (pino underneath), as the adapter gets it in the app.
  return { log: Fastify({ logger: { level: 'info', stream } }).log, read: () => written };
}

const message = { phone: '13812345678', code: '482913', text: '【海口新房报备】您的验证码是482913，5分钟内有效，请勿泄露。' };

describe('development SMS adapter', () => {
  it('logs the text outside production, where it is the way to read a code', async () => {
    const { log, read } = capture();
    const sender = createDevSmsSender(log, { production: false });
    await sender.send(message);
    expect(read()).toContain('482913');
    expect(read()).not.toContain('13812345678');
    expect(sender.lastCode('13812345678')).toBe('482913');
  });

  it('in production logs neither the text nor the code, and keeps no outbox', async () => {
    const { log, read } = capture();
    const sender = createDevSmsSender(log, { production: true });
    await sender.send(message);
    expect(read()).toContain('not sent');
    expect(read()).not.toContain('482913');
    expect(read()).not.toContain('验证码');
    expect(read()).not.toContain('13812345678');
    expect(sender.lastCode('13812345678')).toBeUndefined();
  });
});
