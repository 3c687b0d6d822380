import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake WeChat on 127.0.0.1 for the OAuth flow: its authorize page (the open base) sends
 * the browser straight back to `redirect_uri` with a fresh single-use code for whichever
 * WeChat user `signedIn` names, as WeChat does for scope snsapi_base; its
 * /sns/oauth2/access_token (the API base) turns that code into the openid once. It also issues
 * access tokens and takes template messages (/cgi-bin/message/template/send), kept in `templateSends`.
 */
export interface FakeWechat {
  /** Serves both bases: `${base}/connect/oauth2/authorize` and `${base}/sns/oauth2/access_token`. */
  base: string;
  appId: string;
  secret: string;
  /** The openid of the WeChat user "using the phone" now. */
  signedIn: string;
  /** Makes the code exchange fail as WeChat's own outage would (errcode -1). */
  down: boolean;
  exchanges: number;
  /** Template messages received (docs/decisions/054), in order. */
  templateSends: { accessToken: string; touser: string; template_id: string; url: string; data: Record<string, { value: string }> }[];
  /** Makes template sends fail as WeChat's outage would (errcode -1). */
  templateDown: boolean;
  close(): Promise<void>;
}

export async function startFakeWechat(appId = 'wx-fake-app', secret = 'fake-secret'): Promise<FakeWechat> {
  const codes = new Map<string, string>();
  let issued = 0;
  const fake: FakeWechat = {
    base: '',
    appId,
    secret,
    signedIn: 'oFakeWechatUser000001',
    down: false,
    exchanges: 0,
    templateSends: [],
    templateDown: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function json(res: ServerResponse, body: object) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    if (url.pathname === '/connect/oauth2/authorize') {
      const redirect = q.get('redirect_uri');
      if (q.get('appid') !== appId || !redirect || q.get('response_type') !== 'code' || q.get('scope') !== 'snsapi_base') {
        res.writeHead(400).end('bad authorize request');
        return;
      }
      issued += 1;
      const code = `FAKECODE${issued}`;
      codes.set(code, fake.signedIn);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      fake.exchanges += 1;
      if (q.get('appid') !== appId || q.get('secret') !== secret || q.get('grant_type') !== 'authorization_code') {
        return json(res, { errcode: 40013, errmsg: 'invalid appid' });
      }
      if (fake.down) return json(res, { errcode: -1, errmsg: 'system error' });
      const openid = codes.get(q.get('code') ?? '');
      if (!openid) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code') ?? '');
      return json(res, { access_token: 'user-token', expires_in: 7200, refresh_token: 'r', openid, scope: 'snsapi_base' });
    }
    if (url.pathname === '/cgi-bin/token') {
      if (q.get('appid') !== appId || q.get('secret') !== secret || q.get('grant_type') !== 'client_credential') {
        return json(res, { errcode: 40013, errmsg: 'invalid appid' });
      }
      return json(res, { access_token: 'fake-access-token', expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/message/template/send' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        if (q.get('access_token') !== 'fake-access-token') return json(res, { errcode: 40001, errmsg: 'invalid credential' });
        if (fake.templateDown) return json(res, { errcode: -1, errmsg: 'system error' });
        const body = JSON.parse(raw) as Omit<FakeWechat['templateSends'][number], 'accessToken'>;
        fake.templateSends.push({ accessToken: q.get('access_token') ?? '', ...body });
        json(res, { errcode: 0, errmsg: 'ok', msgid: 1000 + fake.templateSends.length });
      });
      return;
    }
    json(res, { errcode: 404, errmsg: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** What a browser does with the authorization address: follow it to where WeChat sends it back. */
export async function authorizeAt(authorizeUrl: string): Promise<{ returnUrl: URL; code: string; state: string }> {
  const res = await fetch(authorizeUrl.replace(/#wechat_redirect$/, ''), { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`the fake WeChat answered ${res.status}`);
  const returnUrl = new URL(res.headers.get('location') ?? '');
  return { returnUrl, code: returnUrl.searchParams.get('code') ?? '', state: returnUrl.searchParams.get('state') ?? '' };
}
