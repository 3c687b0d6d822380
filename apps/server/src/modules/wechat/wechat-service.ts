import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@baobei/shared/messages';
import type { JsSdkConfig } from '@baobei/shared/schemas/wechat';
import { AppError, ValidationError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { jsapiSignature, STALE_TOKEN_ERRCODES, WechatApiError, type ExpiringValue, type TemplateMessage, type WechatClient } from '../../lib/wechat';
import type { WechatCredentialRepository } from './wechat-credential-repository';
import { pageOnCompanyHost, type CompanyHosts, type RequestOrigin } from './page-origin';

/** What a shared page may ask WeChat to do (share to a friend and to moments, old and new APIs). */
export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline'];

/**
 * Anonymous calls that make WeChat exchange a code, per address (request.clientKey) an hour
 * (docs/decisions/059). A visitor opening shared pages in WeChat makes one share exchange per
 * page; past the limit the page still opens, without openid. Signing in takes one exchange.
 */
export const WECHAT_LIMITS = {
  shareOauthPerIpPerHour: 30,
  signInPerIpPerHour: 20,
} as const;
const HOUR = 3600;

/** A cached credential is renewed this long before WeChat's expiry. */
export const EXPIRY_MARGIN_S = 300;

/** Where the share OAuth may return to: a listing page, plain or shared. */
const RETURN_PATH = /^\/house\/detail\/\d+(?:\/\d+)?$/;
const FALLBACK_PATH = '/home';
/** WeChat's limit for `state`. */
const STATE_MAX = 128;

/** The OAuth callback of shared pages; its path is fixed, its origin is the page's own. */
export const SHARE_CALLBACK_PATH = '/api/wechat/oauth-callback-share';

/**
 * A same-site listing path from a path or a full URL of this host; anything else (another
 * site, another page, a protocol-relative trick) gives '/home'. Guards the redirect of the
 * OAuth callback, whose `state` comes back from the browser.
 */
export function safeReturnPath(value: string, host: string): string {
  let url: URL;
  try {
    url = new URL(value, `http://${host}`);
  } catch {
    return FALLBACK_PATH;
  }
  if (url.host !== host || !RETURN_PATH.test(url.pathname)) return FALLBACK_PATH;
  const params = new URLSearchParams(url.search);
  for (const name of ['openid', 'code', 'state']) params.delete(name);
  const search = params.toString();
  const path = search ? `${url.pathname}?${search}` : url.pathname;
  return path.length <= STATE_MAX ? path : url.pathname;
}

/** Appends `openid` to a path that safeReturnPath produced. */
function withOpenid(path: string, openid: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}openid=${encodeURIComponent(openid)}`;
}

class WechatUnavailableError extends AppError {
  constructor() {
    super(500, messages.wechat.requestFailed);
  }
}

export interface WechatServiceDeps {
  /** Null when WECHAT_APP_ID / WECHAT_APP_SECRET are not configured. */
  client: WechatClient | null;
  credentials: WechatCredentialRepository;
  /** The company's configured hosts: the only ones WeChat may send a visitor back to. */
  hostsOf: CompanyHosts;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

export function createWechatService({ client, credentials, hostsOf, limiter, log }: WechatServiceDeps) {
  /** Requests of this instance waiting for the same credential share one fetch. */
  const inflight = new Map<string, Promise<string>>();

  function configured(): WechatClient {
    if (!client) throw new ValidationError(messages.wechat.notConfigured);
    return client;
  }

  /**
   * A credential from the shared cache, else fetched and stored until shortly before it
   * expires. Two instances may both fetch at once: WeChat keeps the older token valid for
   * five minutes after a new one is issued, so that race is harmless (docs/decisions/006).
   */
  async function cached(key: string, fetcher: () => Promise<ExpiringValue>): Promise<string> {
    // The cache read is part of the shared work: a request whose read missed while another's
    // fetch was storing the value would otherwise find nothing in flight and fetch again.
    const running = inflight.get(key);
    if (running) return running;
    const work = (async () => {
      const hit = await credentials.getLive(key);
      if (hit) return hit;
      const fresh = await fetcher();
      const lifetime = Math.max(fresh.expiresIn - EXPIRY_MARGIN_S, Math.floor(fresh.expiresIn / 2));
      await credentials.put(key, fresh.value, new Date(Date.now() + lifetime * 1000));
      return fresh.value;
    })();
    inflight.set(key, work);
    try {
      return await work;
    } finally {
      // Gone once stored: a later request reads the cache.
      if (inflight.get(key) === work) inflight.delete(key);
    }
  }

  async function jsapiTicket(wechat: WechatClient): Promise<string> {
    const tokenKey = `wechat:${wechat.appId}:access_token`;
    const ticketKey = `wechat:${wechat.appId}:jsapi_ticket`;
    const token = () => cached(tokenKey, () => wechat.fetchAccessToken());
    try {
      return await cached(ticketKey, async () => wechat.fetchJsapiTicket(await token()));
    } catch (error) {
      // A token revoked early (another system fetched one, or the secret was reset): once more.
      if (!(error instanceof WechatApiError) || !STALE_TOKEN_ERRCODES.has(error.errcode)) throw error;
      await credentials.drop(tokenKey);
      return cached(ticketKey, async () => wechat.fetchJsapiTicket(await token()));
    }
  }

  function unavailable(error: unknown): never {
    if (error instanceof WechatApiError) {
      log.warn({ endpoint: error.endpoint, errcode: error.errcode }, 'WeChat API call failed');
      throw new WechatUnavailableError();
    }
    throw error;
  }

  return {
    enabled: client !== null,

    /**
     * A template message (docs/decisions/054) with the shared access token; a token revoked early
     * is dropped and the send tried once more. Rejects with WechatApiError.
     */
    async sendTemplateMessage(message: TemplateMessage): Promise<string> {
      const wechat = configured();
      const tokenKey = `wechat:${wechat.appId}:access_token`;
      const token = () => cached(tokenKey, () => wechat.fetchAccessToken());
      try {
        return await wechat.sendTemplateMessage(await token(), message);
      } catch (error) {
        if (!(error instanceof WechatApiError) || !STALE_TOKEN_ERRCODES.has(error.errcode)) throw error;
        await credentials.drop(tokenKey);
        return wechat.sendTemplateMessage(await token(), message);
      }
    },

    /** `wx.config` for a page URL (the #fragment is not part of what WeChat signs). */
    async jsSdkConfig(pageUrl: string): Promise<JsSdkConfig> {
      const wechat = configured();
      let url: URL;
      try {
        url = new URL(pageUrl);
      } catch {
        throw new ValidationError(messages.wechat.urlInvalid);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError(messages.wechat.urlInvalid);
      const signedUrl = pageUrl.split('#')[0] ?? pageUrl;
      const ticket = await jsapiTicket(wechat).catch(unavailable);
      const nonceStr = randomBytes(12).toString('base64url');
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        appId: wechat.appId,
        timestamp,
        nonceStr,
        signature: jsapiSignature({ ticket, nonceStr, timestamp, url: signedUrl }),
        jsApiList: JS_API_LIST,
      };
    },

    /**
     * The authorization address for a shared page; WeChat returns to our callback on the page's
     * own origin, which must be one of the company's configured hosts (docs/decisions/059).
     */
    async authorizeUrl(companyId: number, request: RequestOrigin, pageUrl: string): Promise<string> {
      const wechat = configured();
      const page = await pageOnCompanyHost(pageUrl, request, companyId, hostsOf, { allowPath: true });
      const state = safeReturnPath(page.href, page.host);
      return wechat.authorizeUrl(`${page.protocol}//${page.host}${SHARE_CALLBACK_PATH}`, state);
    },

    /**
     * The OAuth callback: the page to return to, with the visitor's openid when WeChat gives
     * one. A failed exchange still returns to the page (the visit is then recorded without
     * openid) rather than stranding the visitor on an error. An address past its hourly limit
     * of exchanges returns to the page the same way, without asking WeChat (docs/decisions/059).
     */
    async shareCallbackLocation(host: string, query: { code: string; state: string }, ip: string): Promise<string> {
      const path = safeReturnPath(query.state, host);
      if (!client || !query.code) return path;
      const { count } = await limiter.hit(`wechat-share-oauth-ip:${ip}`, HOUR);
      if (count > WECHAT_LIMITS.shareOauthPerIpPerHour) return path;
      try {
        return withOpenid(path, await client.fetchOauthOpenid(query.code));
      } catch (error) {
        if (!(error instanceof WechatApiError)) throw error;
        log.warn({ endpoint: error.endpoint, errcode: error.errcode }, 'WeChat OAuth code exchange failed');
        return path;
      }
    },
  };
}
export type WechatService = ReturnType<typeof createWechatService>;
