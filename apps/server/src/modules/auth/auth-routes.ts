import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import {
  changePasswordSchema,
  codeLoginSchema,
  passwordLoginSchema,
  pictureCodeFields,
  retrievePasswordSchema,
  smsCodeRequestSchema,
  verifyCodeSchema,
} from '@baobei/shared/schemas/auth';
import { choice } from '@baobei/shared/schemas/fields';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { phoneCodeRequestSchema } from '@baobei/shared/schemas/profile';
import { initConfigSchema } from '@baobei/shared/schemas/session';
import { ok } from '../../lib/envelope';
import { currentUser, readToken } from '../../plugins/auth';
import type { AuthService } from './auth-service';

const nothing = envelopeSchema(z.null());
const initConfig = envelopeSchema(initConfigSchema);

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/login/verify-code',
      {
        config: { auth: 'none', tenant: 'none' },
        schema: { tags: ['auth'], summary: 'Picture code (sn + SVG image)', response: { 200: envelopeSchema(verifyCodeSchema) } },
      },
      async (request) => ok(await auth.createCaptcha(request.ip)),
    );

    app.get(
      '/api/login/get-code',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['auth'],
          summary: 'Send an SMS code after the picture code',
          querystring: smsCodeRequestSchema.and(z.object({ purpose: choice('验证码用途', ['login', 'retrieve']).transform((v) => v || 'login') })),
          response: { 200: nothing },
        },
      },
      async (request) => {
        await auth.sendSmsCode(request.company, request.query, request.ip);
        return ok(null, messages.login.smsSent);
      },
    );

    app.post(
      '/api/login/sign',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with phone and password',
          body: passwordLoginSchema.and(z.object(pictureCodeFields)),
          response: { 200: initConfig },
        },
      },
      async (request) => ok(await auth.signWithPassword(request.company, request.body, request.ip), '登录成功'),
    );

    app.post(
      '/api/login/sign-by-code',
      {
        config: { auth: 'none' },
        schema: { tags: ['auth'], summary: 'Sign in with an SMS code', body: codeLoginSchema, response: { 200: initConfig } },
      },
      async (request) => ok(await auth.signWithCode(request.company, request.body, request.ip), '登录成功'),
    );

    app.post(
      '/api/login/logout',
      { config: { allowWhileMustChange: true }, schema: { tags: ['auth'], summary: 'End this session', response: { 200: nothing } } },
      async (request) => {
        await auth.logout(currentUser(request));
        return ok(null, messages.login.logoutSuccess);
      },
    );

    app.post(
      '/api/login/check-token',
      {
        config: { allowWhileMustChange: true },
        schema: {
          tags: ['auth'],
          summary: 'Is the token live for this company (401 if not)',
          response: { 200: envelopeSchema(z.object({ uid: z.number() })) },
        },
      },
      async (request) => ok({ uid: currentUser(request).id }),
    );

    app.get(
      '/api/index/get-init-config',
      {
        config: { allowWhileMustChange: true },
        schema: { tags: ['auth'], summary: 'Initial config of a signed-in user', response: { 200: initConfig } },
      },
      async (request) =>
        ok(await auth.initConfig(request.company, currentUser(request), readToken(request.headers.authorization) ?? null)),
    );

    app.get(
      '/api/index/get-common-init-config',
      {
        config: { auth: 'none' },
        schema: { tags: ['auth'], summary: 'Initial config for visitors', response: { 200: initConfig } },
      },
      async (request) => ok(await auth.initConfig(request.company, null, null)),
    );

    app.post(
      '/api/user/change-password',
      {
        config: { allowWhileMustChange: true },
        schema: { tags: ['auth'], summary: 'Change own password', body: changePasswordSchema, response: { 200: nothing } },
      },
      async (request) => {
        await auth.changePassword(currentUser(request), request.body);
        return ok(null, messages.changePassword.success);
      },
    );

    app.post(
      '/api/user/get-phone-code',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send the SMS code that confirms a new phone of the signed-in account (purpose `phone`)',
          body: phoneCodeRequestSchema,
          response: { 200: nothing },
        },
      },
      async (request) => {
        await auth.sendPhoneChangeCode(request.company, currentUser(request), request.body.phone, request.ip);
        return ok(null, messages.login.smsSent);
      },
    );

    app.post(
      '/api/login/retrieve-password',
      {
        config: { auth: 'none' },
        schema: { tags: ['auth'], summary: 'Reset password with an SMS code', body: retrievePasswordSchema, response: { 200: nothing } },
      },
      async (request) => {
        await auth.retrievePassword(request.company, request.body, request.ip);
        return ok(null, messages.retrievePassword.success);
      },
    );
  };
