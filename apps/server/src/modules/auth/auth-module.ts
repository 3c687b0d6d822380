import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createAuthRepository } from './auth-repository';
import { authRoutes } from './auth-routes';
import { createAuthService, type AuthService } from './auth-service';
import { createCaptchaRepository } from './captcha-repository';
import { createCaptchaService } from './captcha-service';
import { createInitConfigBuilder } from './init-config';

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
  }
}

/** Sign-in, SMS and picture codes, the session and the initial config. */
export const authModule = fp<ModuleOptions>(
  async (app, { db, config, limiter, sms, wechat, onCaptchaIssued }) => {
    const buildInitConfig = createInitConfigBuilder({
      settings: {
        calculatorUrl: config.CALCULATOR_URL,
        mapKey: config.AMAP_KEY ?? '',
        mapSecurityCode: config.AMAP_SECURITY_CODE ?? '',
        wechatEnabled: wechat !== null,
      },
      auth: createAuthRepository(db),
      cities: app.cityService,
      features: app.houseService,
    });
    const captchas = createCaptchaService(createCaptchaRepository(db), onCaptchaIssued);
    const service = createAuthService({ db, captchas, limiter, sms, buildInitConfig, registrations: app.registrationService, users: app.users });
    app.decorate('authService', service);
    await app.register(authRoutes(service));
  },
  { name: 'auth-module', dependencies: ['registration-module', 'city-module', 'house-module', 'user-module'] },
);
