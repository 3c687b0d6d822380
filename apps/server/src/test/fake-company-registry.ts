import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the business-registry API of COMPANY_REGISTRY=http (the 企查查 shape of
 * company-registry-http.ts) on 127.0.0.1 and an ephemeral port. It checks each call as the
 * provider does: the path, `key`, `keyword`, the `Timespan` header and the `Token` signature
 * (recomputed here from the provider's rule, not with the adapter's code), keeps what it
 * received, and answers from its companies unless `reply` says otherwise.
 */
export interface FakeRegistryCompany {
  Name: string;
  CreditCode: string;
}

export interface ReceivedRegistryCall {
  path: string;
  key: string;
  keyword: string;
  timespan: string;
  /** false: the fake answered the provider's signature error (Status '107'). */
  signatureValid: boolean;
}

/** What the next calls get: the companies' answer, a raw status and body, or a late answer. */
export type FakeRegistryReply =
  | { kind: 'normal' }
  | { kind: 'status'; httpStatus: number; body: string }
  | { kind: 'slow'; delayMs: number };

export interface FakeCompanyRegistry {
  url: string;
  received: ReceivedRegistryCall[];
  reply: FakeRegistryReply;
  close(): Promise<void>;
}

const json = (value: object) => JSON.stringify(value);

export async function startFakeCompanyRegistry(account: { key: string; secret: string }, companies: FakeRegistryCompany[]): Promise<FakeCompanyRegistry> {
  const fake: FakeCompanyRegistry = { url: '', received: [], reply: { kind: 'normal' }, close: async () => {} };

  function answer(req: IncomingMessage): { status: number; body: string } {
    const url = new URL(req.url ?? '/', 'http://fake');
    const key = url.searchParams.get('key') ?? '';
    const keyword = url.searchParams.get('keyword') ?? '';
    const timespan = String(req.headers.timespan ?? '');
    const expected = createHash('md5').update(`${account.key}${timespan}${account.secret}`).digest('hex').toUpperCase();
    const fresh = /^\d+$/.test(timespan) && Math.abs(Number(timespan) - Date.now() / 1000) < 600;
    const signatureValid = key === account.key && fresh && req.headers.token === expected;
    fake.received.push({ path: url.pathname, key, keyword, timespan, signatureValid });
    if (!signatureValid) return { status: 200, body: json({ Status: '107', Message: '被禁止的IP或签名错误', Result: null }) };
    if (fake.reply.kind === 'status') return { status: fake.reply.httpStatus, body: fake.reply.body };
    if (url.pathname === '/api/fuzzy-search') {
      const found = companies.filter((c) => c.Name.includes(keyword));
      return found.length
        ? { status: 200, body: json({ Status: '200', Message: '查询成功', Result: found.map((c) => ({ ...c, OperName: '张三', Status: '存续' })) }) }
        : { status: 200, body: json({ Status: '201', Message: '查询无结果', Result: null }) };
    }
    if (url.pathname === '/api/basic-info') {
      const found = companies.find((c) => c.Name === keyword || c.CreditCode === keyword);
      return found
        ? { status: 200, body: json({ Status: '200', Message: '查询成功', Result: { ...found, OperName: '张三', Status: '存续' } }) }
        : { status: 200, body: json({ Status: '201', Message: '查询无结果', Result: null }) };
    }
    return { status: 404, body: 'not found' };
  }

  const server: Server = createServer((req, res) => {
    const { status, body } = answer(req);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    };
    if (fake.reply.kind === 'slow') setTimeout(send, fake.reply.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
