import { z } from 'zod';
import {
  changePasswordSchema,
  codeLoginSchema,
  passwordLoginSchema,
  pictureCodeFields,
  secondFactorFields,
  retrievePasswordSchema,
  smsCodeRequestSchema,
  verifyCodeSchema,
} from '../schemas/auth';
import { choice } from '../schemas/fields';
import { phoneCodeRequestSchema } from '../schemas/profile';
import { initConfigSchema } from '../schemas/session';
import { none, required } from './access';
import { defineEndpoint } from './endpoint';

/** Sign-in, the session and its initial config, passwords (part 1, section 7; decision 017). */
export const authApi = {
  verifyCode: defineEndpoint({
    method: 'GET',
    path: '/api/login/verify-code',
    tags: ['auth'],
    summary: 'Picture code (sn + SVG image)',
    data: verifyCodeSchema,
    access: { auth: 'none', tenant: 'none' },
  }),
  getCode: defineEndpoint({
    method: 'GET',
    path: '/api/login/get-code',
    tags: ['auth'],
    summary: 'Send an SMS code after the picture code',
    query: smsCodeRequestSchema.and(z.object({ purpose: choice('验证码用途', ['login', 'retrieve']).transform((v) => v || 'login') })),
    data: z.null(),
    access: none,
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/api/login/sign',
    tags: ['auth'],
    summary: 'Sign in with phone and password',
    body: passwordLoginSchema.and(z.object({ ...pictureCodeFields, ...secondFactorFields })),
    data: initConfigSchema,
    access: none,
  }),
  signByCode: defineEndpoint({
    method: 'POST',
    path: '/api/login/sign-by-code',
    tags: ['auth'],
    summary: 'Sign in with an SMS code',
    body: codeLoginSchema,
    data: initConfigSchema,
    access: none,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/login/logout',
    tags: ['auth'],
    summary: 'End this session',
    data: z.null(),
    access: required,
  }),
  checkToken: defineEndpoint({
    method: 'POST',
    path: '/api/login/check-token',
    tags: ['auth'],
    summary: 'Is the token live for this company (401 if not)',
    data: z.object({ uid: z.number() }),
    access: required,
  }),
  getInitConfig: defineEndpoint({
    method: 'GET',
    path: '/api/index/get-init-config',
    tags: ['auth'],
    summary: 'Initial config of a signed-in user',
    data: initConfigSchema,
    access: required,
  }),
  getCommonInitConfig: defineEndpoint({
    method: 'GET',
    path: '/api/index/get-common-init-config',
    tags: ['auth'],
    summary: 'Initial config for visitors',
    data: initConfigSchema,
    access: none,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/user/change-password',
    tags: ['auth'],
    summary: 'Change own password',
    body: changePasswordSchema,
    data: z.null(),
    access: required,
  }),
  getPhoneCode: defineEndpoint({
    method: 'POST',
    path: '/api/user/get-phone-code',
    tags: ['auth'],
    summary: 'Send the SMS code that confirms a new phone of the signed-in account (purpose `phone`)',
    body: phoneCodeRequestSchema,
    data: z.null(),
    access: required,
  }),
  retrievePassword: defineEndpoint({
    method: 'POST',
    path: '/api/login/retrieve-password',
    tags: ['auth'],
    summary: 'Reset password with an SMS code',
    body: retrievePasswordSchema,
    data: z.null(),
    access: none,
  }),
};
