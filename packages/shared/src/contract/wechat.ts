import {
  bindWxCodeSchema,
  bindWxResultSchema,
  jsSdkConfigSchema,
  jsSdkQuerySchema,
  signByWxSchema,
  wxAuthorizeQuerySchema,
  wxCodeQuerySchema,
  wxCodeResultSchema,
} from '../schemas/wechat';
import { initConfigSchema } from '../schemas/session';
import { none, optional, required } from './access';
import { defineEndpoint } from './endpoint';

const signByWx = {
  method: 'POST',
  tags: ['wechat'],
  summary: 'Sign in with the code WeChat returned (the state must be this browser’s); 404 when no account is bound',
  body: signByWxSchema,
  data: initConfigSchema,
  access: none,
} as const;

const wechatOut = {
  tags: ['wechat'],
  summary: 'Unbind the WeChat of the signed-in account',
  data: bindWxResultSchema,
  access: required,
} as const;

/**
 * WeChat: the JS-SDK, authorization addresses, signing in and (un)binding (part 2, section 7).
 * The OAuth callback of shared pages is a redirect, not an answer: it stays outside the contract.
 */
export const wechatApi = {
  getJsSdk: defineEndpoint({
    method: 'POST',
    path: '/api/wechat/get-js-sdk',
    tags: ['wechat'],
    summary: 'JS-SDK configuration (wx.config) signed for a page URL',
    body: jsSdkQuerySchema,
    data: jsSdkConfigSchema,
    access: optional,
  }),
  getWxCode: defineEndpoint({
    method: 'POST',
    path: '/api/login/get-wx-code',
    tags: ['wechat'],
    summary: 'WeChat authorization address (snsapi_base) that returns to a shared page with openid',
    body: wxCodeQuerySchema,
    data: wxCodeResultSchema,
    access: none,
  }),
  wxCode: defineEndpoint({
    method: 'POST',
    path: '/api/login/wx-code',
    tags: ['wechat'],
    summary: 'WeChat authorization address for signing in; returns to the given /authorization URL with code and state',
    body: wxAuthorizeQuerySchema,
    data: wxCodeResultSchema,
    access: none,
  }),
  // The spec names both paths for the same call (part 2, section 7).
  signByWx: defineEndpoint({ ...signByWx, path: '/api/login/sign-by-wx' }),
  wxLogin: defineEndpoint({ ...signByWx, path: '/api/wechat/wx-login' }),
  bindWx: defineEndpoint({
    method: 'POST',
    path: '/api/user/bind-wx',
    tags: ['wechat'],
    summary: 'WeChat authorization address for binding the signed-in account; 409 when one is bound already',
    body: wxAuthorizeQuerySchema,
    data: wxCodeResultSchema,
    access: required,
  }),
  bindWxCode: defineEndpoint({
    method: 'POST',
    path: '/api/user/bind-wx-code',
    tags: ['wechat'],
    summary: 'Bind the WeChat of the returned code to the signed-in account (the state must be this session’s)',
    body: bindWxCodeSchema,
    data: bindWxResultSchema,
    access: required,
  }),
  // Both methods unbind (closeWx of the spec is a GET).
  wechatOut: defineEndpoint({ ...wechatOut, method: 'GET', path: '/api/user/wechat-out' }),
  wechatOutPost: defineEndpoint({ ...wechatOut, method: 'POST', path: '/api/user/wechat-out' }),
};
