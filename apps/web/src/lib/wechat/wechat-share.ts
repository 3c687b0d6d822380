import type WeixinJsSdk from 'weixin-js-sdk';
import { getJsSdkConfig } from './get-js-sdk';

export interface ShareContent {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

type Wx = typeof WeixinJsSdk;
type JsApiList = NonNullable<Parameters<Wx['config']>[0]['jsApiList']>;

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(JSON.stringify(value));
}

const CONFIG_TIMEOUT_MS = 10_000;

const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

/** One configured SDK per signed URL: WeChat signs the page URL, so a new page signs again. */
let configured: { url: string; ready: Promise<Wx> } | null = null;

/**
 * Loads the JS-SDK (only inside WeChat, only when a page shares: a dynamic import keeps it out
 * of every other chunk) and runs `wx.config` with the server's signature.
 */
function configure(url: string): Promise<Wx> {
  if (configured?.url === url) return configured.ready;
  const ready = (async () => {
    const [{ default: wx }, config] = await Promise.all([import('weixin-js-sdk'), getJsSdkConfig(url)]);
    await new Promise<void>((resolve, reject) => {
      wx.config({
        debug: false,
        appId: config.appId,
        timestamp: Number(config.timestamp),
        nonceStr: config.nonceStr,
        signature: config.signature,
        jsApiList: (config.jsApiList.length ? config.jsApiList : [...SHARE_APIS]) as JsApiList,
      });
      // wx.ready never fires outside a working WeChat bridge: give up rather than wait forever.
      const timer = setTimeout(() => reject(new Error('wx.config timed out')), CONFIG_TIMEOUT_MS);
      wx.ready(() => {
        clearTimeout(timer);
        resolve();
      });
      wx.error((res) => {
        clearTimeout(timer);
        reject(new Error(`wx.config failed: ${res.errMsg}`));
      });
    });
    return wx;
  })();
  configured = { url, ready };
  ready.catch(() => {
    if (configured?.ready === ready) configured = null;
  });
  return ready;
}

/** Sets what "send to a friend" and "share to moments" of WeChat's menu will share. */
export async function setWechatShare(pageUrl: string, content: ShareContent): Promise<void> {
  const wx = await configure(pageUrl);
  await Promise.all([
    new Promise<void>((resolve, reject) =>
      wx.updateAppMessageShareData({ ...content, success: () => resolve(), fail: (err: unknown) => reject(toError(err)) }),
    ),
    new Promise<void>((resolve, reject) =>
      wx.updateTimelineShareData({
        title: content.title,
        link: content.link,
        imgUrl: content.imgUrl,
        success: () => resolve(),
        fail: (err: unknown) => reject(toError(err)),
      }),
    ),
  ]);
}
