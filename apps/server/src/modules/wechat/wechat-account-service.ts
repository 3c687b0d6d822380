import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@baobei/shared/messages';
import type { InitConfig } from '@baobei/shared/schemas/session';
import type { BindWxCodeInput, SignByWxInput } from '@baobei/shared/schemas/wechat';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { WechatApiError, type WechatClient } from '../../lib/wechat';
import type { SessionUser } from '../auth/session-repository';
import type { CompanyRow } from '../company/company-repository';
import type { WechatIdentityRepository } from './wechat-identity-repository';
import { pageOnCompanyHost, type CompanyHosts, type RequestOrigin } from './page-origin';
import { WECHAT_LIMITS } from './wechat-service';

/** WeChat sends the user back here with code and state; the page finishes sign-in or binding. */
export const AUTHORIZATION_PATH = '/authorization';
/** Long enough to read WeChat's page and come back; a state is single use anyway. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** The sign-in state's other half, kept by the browser that asked (docs/decisions/015). */
export const LOGIN_NONCE_COOKIE = 'bb_wx_login';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** 256 bits, URL-safe; 43 characters, well within WeChat's 128 for `state`. */
const randomToken = () => randomBytes(32).toString('base64url');

/** Sign-in codes WeChat refuses as used, expired or unknown (40029, 40163, 41008): try again. */
const BAD_CODE_ERRCODES: ReadonlySet<number> = new Set([40029, 40163, 41008]);

export interface WechatAccountServiceDeps {
  /** Null when WECHAT_APP_ID / WECHAT_APP_SECRET are not configured. */
  client: WechatClient | null;
  identities: WechatIdentityRepository;
  /** The auth service's sign-in of a found account: a new session and the init data. */
  signInUser(company: CompanyRow, userId: number): Promise<InitConfig>;
  /** The company's configured hosts: the only ones WeChat may send a user back to. */
  hostsOf: CompanyHosts;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

/**
 * Sign-in with WeChat and binding an account to it. WeChat returns to our
 * /authorization page, which sends code and state back. Identities are keyed by
 * (company, provider, openid), so a WeChat identity never meets a phone number.
 */
export function createWechatAccountService({ client, identities, signInUser, hostsOf, limiter, log }: WechatAccountServiceDeps) {
  function configured(): WechatClient {
    if (!client) throw new ValidationError(messages.wechat.notConfigured);
    return client;
  }

  /**
   * The address WeChat returns to: the /authorization page on one of the company's configured
   * hosts (docs/decisions/059; the Host header does not choose it), with its query (the app's
   * return path, the bind action) but without an old code or state. Anything else is refused:
   * WeChat would otherwise carry a code to a page we do not control.
   */
  async function returnUrl(companyId: number, request: RequestOrigin, pageUrl: string): Promise<string> {
    const url = await pageOnCompanyHost(pageUrl, request, companyId, hostsOf, { allowPath: false });
    if (url.pathname !== AUTHORIZATION_PATH) throw new ValidationError(messages.wechat.urlInvalid);
    url.searchParams.delete('code');
    url.searchParams.delete('state');
    url.hash = '';
    return url.toString();
  }

  async function newState(
    company: { id: number },
    owner: { purpose: 'login'; browserHash: string } | { purpose: 'bind'; sessionId: number },
  ): Promise<string> {
    const state = randomToken();
    await identities.insertState({
      stateHash: sha256(state),
      companyId: company.id,
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
      ...owner,
    });
    return state;
  }

  /** Code → openid; WeChat's refusal of the code is the user's to retry, anything else ours. */
  async function openidOf(wechat: WechatClient, code: string): Promise<string> {
    if (!code) throw new ValidationError(messages.wechat.codeInvalid);
    try {
      return await wechat.fetchOauthOpenid(code);
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      log.warn({ endpoint: error.endpoint, errcode: error.errcode }, 'WeChat OAuth code exchange failed');
      if (BAD_CODE_ERRCODES.has(error.errcode)) throw new ValidationError(messages.wechat.codeInvalid);
      throw new AppError(500, messages.wechat.requestFailed);
    }
  }

  return {
    /**
     * Part 1, section 7 (wxCode): the authorization address for signing in. The state is
     * stored with the hash of a nonce that only this browser gets (an HttpOnly cookie), so a
     * link carrying someone else's code and state cannot sign this browser in.
     */
    async loginAuthorizeUrl(company: CompanyRow, request: RequestOrigin, pageUrl: string) {
      const wechat = configured();
      const redirectUri = await returnUrl(company.id, request, pageUrl);
      const nonce = randomToken();
      const state = await newState(company, { purpose: 'login', browserHash: sha256(nonce) });
      return { url: wechat.authorizeUrl(redirectUri, state), nonce };
    },

    /**
     * Part 1, section 7 (signByWx): the bound account signs in; 404 when none is bound. Anonymous
     * and a code exchange each: an address past its hourly limit is refused before WeChat is asked.
     */
    async signInByCode(company: CompanyRow, input: SignByWxInput, nonce: string | undefined, ip: string): Promise<InitConfig> {
      const wechat = configured();
      const { count } = await limiter.hit(`wechat-signin-ip:${ip}`, 3600);
      if (count > WECHAT_LIMITS.signInPerIpPerHour) throw new TooManyRequestsError(messages.common.tooManyRequests);
      const live =
        Boolean(input.state && nonce) &&
        (await identities.consumeState({ stateHash: sha256(input.state), companyId: company.id, purpose: 'login', browserHash: sha256(nonce ?? '') }));
      if (!live) throw new ValidationError(messages.wechat.stateInvalid);
      const openid = await openidOf(wechat, input.wxCode);
      const userId = await identities.userOfOpenid(company.id, openid);
      if (userId === undefined) throw new NotFoundError(messages.wechat.notBound);
      return signInUser(company, userId);
    },

    /** Part 1, section 7 (bindWx): the authorization address for binding; the state belongs to this session. */
    async bindAuthorizeUrl(user: SessionUser, request: RequestOrigin, pageUrl: string) {
      const wechat = configured();
      const redirectUri = await returnUrl(user.companyId, request, pageUrl);
      if (await identities.openidOfUser(user.companyId, user.id)) throw new ConflictError(messages.wechat.alreadyBound);
      const state = await newState({ id: user.companyId }, { purpose: 'bind', sessionId: user.sessionId });
      return { url: wechat.authorizeUrl(redirectUri, state) };
    },

    /**
     * Part 1, section 7 (bindWxCode): binds the openid of the code to the signed-in account.
     * Binding the same WeChat again is a success; a WeChat of another account, or a second
     * WeChat for this one, is a conflict (the unique keys decide a race the same way).
     */
    async bindByCode(user: SessionUser, input: BindWxCodeInput): Promise<{ bindWx: number }> {
      const wechat = configured();
      const live =
        Boolean(input.state) &&
        (await identities.consumeState({ stateHash: sha256(input.state), companyId: user.companyId, purpose: 'bind', sessionId: user.sessionId }));
      if (!live) throw new ValidationError(messages.wechat.stateInvalid);
      const openid = await openidOf(wechat, input.code);
      const owner = await identities.userOfOpenid(user.companyId, openid);
      if (owner === user.id) return { bindWx: 1 };
      if (owner !== undefined) throw new ConflictError(messages.wechat.boundToOther);
      if (await identities.openidOfUser(user.companyId, user.id)) throw new ConflictError(messages.wechat.alreadyBound);
      try {
        await identities.bind(user.companyId, user.id, openid);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(messages.wechat.boundToOther);
        throw error;
      }
      return { bindWx: 1 };
    },

    /** Part 1, section 7 (closeWx, GET /api/user/wechat-out): unbinding twice is still unbound. */
    async unbind(user: SessionUser): Promise<{ bindWx: number }> {
      await identities.unbind(user.companyId, user.id);
      return { bindWx: 0 };
    },
  };
}
export type WechatAccountService = ReturnType<typeof createWechatAccountService>;
