import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { createUserRepository } from './user-repository';
import { userRoutes } from './user-routes';
import { createUserService } from './user-service';
import { feedbackConsoleRoutes } from './feedback-console-routes';
import { createFeedbackConsoleService } from './feedback-console-service';

/** The profile, feedback and broker choices; the console's 意见反馈 beside the feedback it reads. */
export const userModule = fp<ModuleOptions>(
  async (app, { db }) => {
    await app.register(userRoutes(createUserService({ users: createUserRepository(db), smsCodes: app.authService, uploads: app.uploadService })));
    await app.register(feedbackConsoleRoutes(createFeedbackConsoleService({ db })));
  },
  { name: 'user-module', dependencies: ['auth-module', 'upload-module'] },
);
