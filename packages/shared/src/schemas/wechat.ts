import { z } from 'zod';
import { text } from './fields';

/** POST /api/wechat/get-js-sdk { url }: the page's full URL (the server drops any #fragment). */
export const jsSdkQuerySchema = z.object({ url: text('页面地址', 2000) });

/** The fields of WeChat's `wx.config`. */
export const jsSdkConfigSchema = z.object({
  appId: z.string(),
  /** Seconds since the epoch. */
  timestamp: z.number(),
  nonceStr: z.string(),
  signature: z.string(),
  jsApiList: z.array(z.string()),
});
export type JsSdkConfig = z.infer<typeof jsSdkConfigSchema>;

/**
 * POST /api/login/get-wx-code { url }: the page to come back to (a path such as
 * '/house/detail/12/7', or a full URL of this site). Answer: WeChat's authorization address;
 * the OAuth callback returns to that page with `openid` appended.
 */
export const wxCodeQuerySchema = z.object({ url: text('页面地址', 2000) });
export const wxCodeResultSchema = z.object({ url: z.string() });

/**
 * WeChat sign-in and binding. `POST /api/login/wx-code { url }` and
 * `POST /api/user/bind-wx { url }` take the /authorization page to come back to (full URL of
 * this site) and answer WeChat's authorization address, whose `state` is single use, expires,
 * and belongs to the browser (sign-in) or the session (binding) that asked for it.
 */
export const wxAuthorizeQuerySchema = z.object({ url: text('页面地址', 2000) });
/** POST /api/login/sign-by-wx (and /api/wechat/wx-login) { wxCode, state }: init data. */
export const signByWxSchema = z.object({
  wxCode: text('微信授权码', 512),
  state: text('授权状态', 128),
});
export type SignByWxInput = z.infer<typeof signByWxSchema>;
/** POST /api/user/bind-wx-code { code, state }. */
export const bindWxCodeSchema = z.object({
  code: text('微信授权码', 512),
  state: text('授权状态', 128),
});
export type BindWxCodeInput = z.infer<typeof bindWxCodeSchema>;
/** Part 1, section 4: bindWx toggles between 0 and 1. */
export const bindWxResultSchema = z.object({ bindWx: z.number() });
