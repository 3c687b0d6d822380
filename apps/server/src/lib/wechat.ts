import { createHash } from 'node:crypto';

/**
 * The WeChat official-account API, behind a small interface (DECISIONS.md, SMS and WeChat).
 * Base URLs come from configuration, so tests point it at a local fake. Nothing here caches:
 * modules/wechat keeps the token and ticket, shared by every instance, in the database.
 */
export interface WechatSettings {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com */
  apiBase: string;
  /** https://open.weixin.qq.com */
  openBase: string;
  timeoutMs?: number;
}

/** A credential with its lifetime in seconds, as WeChat answers. */
export interface ExpiringValue {
  value: string;
  expiresIn: number;
}

/** WeChat answered with an errcode (or not at all). Carries no secret: never the request URL. */
export class WechatApiError extends Error {
  constructor(
    readonly endpoint: string,
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeChat ${endpoint} failed: ${errcode} ${errmsg}`);
  }
}

/** errcodes that mean "this access token is no longer valid": fetch a new one and retry. */
export const STALE_TOKEN_ERRCODES: ReadonlySet<number> = new Set([40001, 40014, 42001]);

export interface WechatClient {
  readonly appId: string;
  fetchAccessToken(): Promise<ExpiringValue>;
  fetchJsapiTicket(accessToken: string): Promise<ExpiringValue>;
  /** The openid of an OAuth `code` (scope snsapi_base). */
  fetchOauthOpenid(code: string): Promise<string>;
  /** The authorization address the browser opens; WeChat returns to `redirectUri` with code and state. */
  authorizeUrl(redirectUri: string, state: string): string;
  /**
   * A template message to a follower (docs/decisions/054): POST /cgi-bin/message/template/send.
   * Resolves with WeChat's msgid; rejects with WechatApiError (43004: the user unfollowed).
   */
  sendTemplateMessage(accessToken: string, message: TemplateMessage): Promise<string>;
}

/** A template message: the template's fields by name (`first`, `keyword1`, …), the page it opens. */
export interface TemplateMessage {
  openid: string;
  templateId: string;
  url: string;
  data: Record<string, string>;
}

type WechatAnswer = { errcode?: number; errmsg?: string } & Record<string, unknown>;

export function createWechatClient(settings: WechatSettings, fetchImpl: typeof fetch = fetch): WechatClient {
  const apiBase = settings.apiBase.replace(/\/+$/, '');
  const openBase = settings.openBase.replace(/\/+$/, '');

  async function call(endpoint: string, params: Record<string, string>, post?: object): Promise<WechatAnswer> {
    const url = `${apiBase}${endpoint}?${new URLSearchParams(params).toString()}`;
    let body: WechatAnswer;
    try {
      const init: RequestInit = post
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(post) }
        : {};
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs ?? 5000) });
      if (!response.ok) throw new WechatApiError(endpoint, -1, `HTTP ${response.status}`);
      body = (await response.json()) as WechatAnswer;
    } catch (error) {
      if (error instanceof WechatApiError) throw error;
      throw new WechatApiError(endpoint, -1, error instanceof Error ? error.name : 'network error');
    }
    if (body.errcode) throw new WechatApiError(endpoint, body.errcode, String(body.errmsg ?? ''));
    return body;
  }

  function expiring(endpoint: string, body: WechatAnswer, field: string): ExpiringValue {
    const value = body[field];
    const expiresIn = Number(body.expires_in);
    if (typeof value !== 'string' || !value || !Number.isFinite(expiresIn)) {
      throw new WechatApiError(endpoint, -1, `no ${field} in the answer`);
    }
    return { value, expiresIn };
  }

  return {
    appId: settings.appId,

    async fetchAccessToken() {
      const endpoint = '/cgi-bin/token';
      const body = await call(endpoint, { grant_type: 'client_credential', appid: settings.appId, secret: settings.appSecret });
      return expiring(endpoint, body, 'access_token');
    },

    async fetchJsapiTicket(accessToken) {
      const endpoint = '/cgi-bin/ticket/getticket';
      const body = await call(endpoint, { access_token: accessToken, type: 'jsapi' });
      return expiring(endpoint, body, 'ticket');
    },

    async fetchOauthOpenid(code) {
      const endpoint = '/sns/oauth2/access_token';
      const body = await call(endpoint, {
        appid: settings.appId,
        secret: settings.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      if (typeof body.openid !== 'string' || !body.openid) throw new WechatApiError(endpoint, -1, 'no openid in the answer');
      return body.openid;
    },

    async sendTemplateMessage(accessToken, message) {
      const endpoint = '/cgi-bin/message/template/send';
      const body = await call(
        endpoint,
        { access_token: accessToken },
        {
          touser: message.openid,
          template_id: message.templateId,
          url: message.url,
          data: Object.fromEntries(Object.entries(message.data).map(([name, value]) => [name, { value }])),
        },
      );
      return String(body.msgid ?? '');
    },

    authorizeUrl(redirectUri, state) {
      // WeChat checks the parameter order and needs the #wechat_redirect fragment.
      return (
        `${openBase}/connect/oauth2/authorize?appid=${encodeURIComponent(settings.appId)}` +
        `&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base` +
        `&state=${encodeURIComponent(state)}#wechat_redirect`
      );
    },
  };
}

/**
 * The JS-SDK signature exactly as WeChat documents it (JS-SDK appendix 1): the four fields
 * sorted by name, joined as a query string without escaping, SHA-1 in lower-case hex. The
 * URL is the page's full URL without the #fragment.
 */
export function jsapiSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = input.url.split('#')[0] ?? '';
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(text).digest('hex');
}
