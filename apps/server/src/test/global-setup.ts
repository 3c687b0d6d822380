import type { TestProject } from 'vitest/node';
import { findOrBuildTemplate, testDatabaseKind } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL template database's name, or the PGlite dump's path. */
    templateDatabase: string;
  }
}

/**
 * The api project's setup: finds the seeded template of the current migrations and seed (or
 * builds it, once for every run that follows: test-database.ts) and tells the test files its
 * name. Nothing to tear down: the next run reuses it, and a later one removes it when stale.
 */
export default async function setup(project: TestProject): Promise<void> {
  const { template, built, seconds } = await findOrBuildTemplate();
  project.provide('templateDatabase', template);
  process.stdout.write(`Seeded template (${testDatabaseKind()}): ${built ? 'built' : 'reused'} ${template.split('/').pop()} in ${seconds.toFixed(1)}s\n`);
}
