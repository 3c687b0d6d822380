import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { MULTIPART_OPTIONS } from '../upload/upload-module';
import type { Config } from '../../config';
import { createLocalCompanyRegistry, createNoCompanyRegistry, type CompanyRegistry } from './company-registry';
import { createHttpCompanyRegistry } from './company-registry-http';
import { registrationRoutes } from './registration-routes';
import { createRegistrationService, type RegistrationService } from './registration-service';

declare module 'fastify' {
  interface FastifyInstance {
    registrationService: RegistrationService;
  }
}

/** The registry COMPANY_REGISTRY names (config.ts refuses `builtin` in production). */
function createConfiguredCompanyRegistry(config: Config, log: ModuleOptions['log']): CompanyRegistry {
  if (config.COMPANY_REGISTRY === 'none') return createNoCompanyRegistry();
  if (config.COMPANY_REGISTRY === 'builtin') return createLocalCompanyRegistry();
  return createHttpCompanyRegistry({
    // config.ts refuses COMPANY_REGISTRY=http without these three.
    baseUrl: config.COMPANY_REGISTRY_URL!,
    key: config.COMPANY_REGISTRY_KEY!,
    secret: config.COMPANY_REGISTRY_SECRET!,
    timeoutMs: config.COMPANY_REGISTRY_TIMEOUT_MS,
    onUnavailable: (reason) => log.warn({ reason }, 'company registry unavailable'),
  });
}

/** Distributor registration and its review; sign-in asks it about phones that await review. */
export const registrationModule = fp<ModuleOptions>(
  async (app, { db, config, log, limiter, sms, pictures }) => {
    const registry = createConfiguredCompanyRegistry(config, log);
    const service = createRegistrationService({
      db,
      registry,
      limiter,
      sms,
      pictures,
      uploads: app.uploadService,
      notify: app.messageService.notify,
      distributors: app.distributors,
      users: app.users,
    });
    app.decorate('registrationService', service);
    await app.register(async (scope) => {
      await scope.register(multipart, MULTIPART_OPTIONS);
      await scope.register(registrationRoutes(service, app.uploadService));
    });
  },
  { name: 'registration-module', dependencies: ['upload-module', 'message-module', 'distributor-module', 'user-module'] },
);
