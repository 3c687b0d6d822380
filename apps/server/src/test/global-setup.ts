import type { TestProject } from 'vitest/node';
import { buildTemplate } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('templateDatabase', '');
  return buildTemplate((name) => project.provide('templateDatabase', name));
}
