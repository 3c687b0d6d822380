import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { MULTIPART_OPTIONS } from '../upload/upload-module';
import { createLocalCompanyRegistry } from './company-registry';
import { registrationRoutes } from './registration-routes';
import { createRegistrationService, type RegistrationService } from './registration-service';

declare module 'fastify' {
  interface FastifyInstance {
    registrationService: RegistrationService;
  }
}

/** Distributor registration and its review; sign-in asks it about phones that await review. */
export const registrationModule = fp<ModuleOptions>(
  async (app, { db, limiter, sms, pictures }) => {
    const service = createRegistrationService({ db, registry: createLocalCompanyRegistry(), limiter, sms, pictures });
    app.decorate('registrationService', service);
    await app.register(async (scope) => {
      await scope.register(multipart, MULTIPART_OPTIONS);
      await scope.register(registrationRoutes(service, app.uploadService));
    });
  },
  { name: 'registration-module', dependencies: ['upload-module'] },
);
