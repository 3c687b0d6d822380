import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createUserRepository } from './user-repository';
import { userRoutes } from './user-routes';
import { createUserService } from './user-service';

/** The profile, feedback and broker choices. */
export const userModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(userRoutes(createUserService({ users: createUserRepository(db), smsCodes: app.authService, uploads: app.uploadService })));
  },
  { name: 'user-module', dependencies: ['auth-module', 'upload-module'] },
);
