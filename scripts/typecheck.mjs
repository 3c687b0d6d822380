#!/usr/bin/env node
/**
 * `npm run typecheck`: every workspace's tsconfig, with TypeScript 7's native compiler (the
 * `typescript-native` alias; `typescript` 5.9 stays for typescript-eslint, which needs its
 * JavaScript API). One thread: with two cores shared by lint and the build, its parallel
 * checkers cost five times the CPU for the same answer (docs/decisions/072).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// The package exports no ./bin path; its launcher is at a fixed place in the root node_modules.
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
const projects = ['packages/shared', 'apps/server', 'apps/web', 'apps/web/tsconfig.e2e.json', 'apps/admin', 'apps/admin/tsconfig.node.json'];

let failed = 0;
for (const project of projects) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--singleThreaded', '--pretty'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
