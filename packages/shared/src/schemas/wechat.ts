import { z } from 'zod';

/** POST /api/wechat/get-js-sdk { url }: the page's full URL (the server drops any #fragment). */
export const jsSdkQuerySchema = z.object({ url: z.string().trim().max(2000).catch('') });

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
export const wxCodeQuerySchema = z.object({ url: z.string().trim().max(2000).catch('') });
export const wxCodeResultSchema = z.object({ url: z.string() });
