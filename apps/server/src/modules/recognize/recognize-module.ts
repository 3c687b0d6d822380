import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { recognizeRoutes } from './recognize-routes';

/** Smart recognition of pasted customer text. */
export const recognizeModule = fp<ModuleOptions>(
  async (app) => {
    await app.register(recognizeRoutes);
  },
  { name: 'recognize-module' },
);
