/**
 * Which vitest project each test file belongs to (vitest.config.ts; docs/decisions/064-fast-ci.md),
 * shared with scripts/test.mjs, which counts each run's tests by project.
 *
 * - unit: no database. Every package, the web and console apps, scripts/, and the server's
 *   tests whose imports never reach apps/server/src/test/test-database.ts.
 * - api: the server's tests whose imports reach test-database.ts (createTestApp,
 *   openTestDatabase): each file on a fresh copy of the seeded template, on PGlite or PostgreSQL.
 * - process: *.process.test.ts, which start the compiled server (or a script) as a process.
 *
 * So a new server test lands in the right project by what it imports, without editing a list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'apps/server/src');
const testDatabase = path.join(serverSrc, 'test/test-database.ts');

/** The unit project's globs, besides the server's own unit files. */
export const UNIT_GLOBS = [
  'packages/*/src/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/admin/src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  // The web build's own plugins and scripts (vite-plugin-*.ts, scripts/first-load.mjs).
  'apps/web/*.test.ts',
  'apps/web/scripts/**/*.test.ts',
];
export const PROCESS_GLOB = 'apps/server/src/**/*.process.test.ts';

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (candidate.startsWith(serverSrc) && /\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const reaches = new Map();
/** Whether `file`'s relative imports, followed through the server's sources, reach test-database.ts. */
function reachesTestDatabase(file, seen = new Set()) {
  if (file === testDatabase) return true;
  if (reaches.has(file)) return reaches.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  let found = false;
  for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = resolveImport(file, match[1]);
    if (target && reachesTestDatabase(target, seen)) {
      found = true;
      break;
    }
  }
  reaches.set(file, found);
  return found;
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The server's test files (relative to the root) of the unit and api projects. */
export function serverTestProjects() {
  const unit = [];
  const api = [];
  for (const file of testFiles(serverSrc)) {
    if (file.endsWith('.process.test.ts')) continue;
    (reachesTestDatabase(file) ? api : unit).push(path.relative(root, file));
  }
  return { unit: unit.sort(), api: api.sort() };
}

/** The project of a test file (absolute or relative to the root). */
export function projectOf(file, projects = serverTestProjects()) {
  const relative = path.isAbsolute(file) ? path.relative(root, file) : file;
  if (relative.endsWith('.process.test.ts')) return 'process';
  return projects.api.includes(relative) ? 'api' : 'unit';
}
