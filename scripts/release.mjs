#!/usr/bin/env node
/**
 * `npm run release` (issue 34 item 1, docs/decisions/096): one archive to ship, that starts with
 * `node` alone on a machine with no build tools.
 *
 *   baobei-<version>/
 *     package.json               start, db:migrate, create-admin, demo:remove: each a compiled file
 *     apps/server/dist/          main.js, migrate.js, create-admin.js, remove-demo.js, tracing.js, migrations/
 *     apps/web/dist/             the mobile web app
 *     apps/admin/dist/           the operator console (/admin/)
 *     node_modules/              the server's production dependencies only, as installed here
 *     apps/server/node_modules/  those the server keeps in its own folder (a version the root's does not fit)
 *     deploy/                    the systemd unit and the nginx site
 *
 * written to .tmp/release/baobei-<version>-linux-<arch>.tar.gz with its SHA-256 beside it
 * (`sha256sum -c` reads it). The layout is the repository's, so every path the server finds
 * next to its own file (migrations, web builds, the data folder) resolves as in the tree.
 * Built on the production OS and architecture: sharp, argon2 and PGlite bring platform packages.
 *
 *   npm run release                 build (web, console, server), then pack
 *   npm run release -- --no-build   pack the builds already there (CI's test, after its build)
 *   RELEASE_DIR=<dir>               where the archive goes (default .tmp/release)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.env.RELEASE_DIR ?? path.join(root, '.tmp', 'release'));
const build = !process.argv.includes('--no-build');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: options.capture ? 'pipe' : 'inherit', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    if (options.capture) process.stderr.write(result.stderr ?? '');
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
  return result.stdout ?? '';
}

const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
const version = `${rootPackage.version}${commit.status === 0 ? `+${commit.stdout.trim()}` : ''}`;
const name = `baobei-${version}`;

if (build) run('npm', ['run', '-s', 'build']);
const builds = ['apps/server/dist/main.js', 'apps/server/dist/migrate.js', 'apps/server/dist/tracing.js', 'apps/web/dist/index.html', 'apps/admin/dist/index.html'];
const missing = builds.filter((file) => !existsSync(path.join(root, file)));
if (missing.length) throw new Error(`Not built: ${missing.join(', ')} (run npm run build, or npm run release without --no-build)`);

const stage = path.join(outDir, name);
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

// The builds, without the console's and the web's source maps' sources (they stay as .map files).
for (const dir of ['apps/server/dist', 'apps/web/dist', 'apps/admin/dist', 'deploy']) {
  cpSync(path.join(root, dir), path.join(stage, dir), { recursive: true, filter: (source) => !source.endsWith('.partial') });
}
// dist/*.js are ES modules: the nearest package.json says so. Nothing else of it is read.
writeFileSync(path.join(stage, 'apps/server/package.json'), `${JSON.stringify({ name: '@baobei/server', private: true, type: 'module' }, null, 2)}\n`);
const releasePackage = {
  name: 'baobei',
  version,
  private: true,
  type: 'module',
  description: rootPackage.description,
  engines: { node: rootPackage.engines.node },
  scripts: {
    // The tracing preload does nothing until OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 099).
    start: 'node --import ./apps/server/dist/tracing.js apps/server/dist/main.js',
    'db:migrate': 'node apps/server/dist/migrate.js',
    'create-admin': 'node apps/server/dist/create-admin.js',
    'demo:remove': 'node apps/server/dist/remove-demo.js',
  },
};
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(releasePackage, null, 2)}\n`);

// The server's production dependencies as npm resolved them here (the lockfile's versions), each
// package folder copied without its own node_modules: a nested dependency is listed by itself.
// The workspace's own packages (links into apps/ and packages/) are compiled into the bundles
// and left out.
const listed = run('npm', ['ls', '--omit=dev', '--all', '--parseable', '--workspace', '@baobei/server'], { capture: true })
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);
let packages = 0;
for (const source of new Set(listed)) {
  // Hoisted to the root's node_modules, or kept in the server's own (a version the root's does not
  // satisfy): the same place in the release, where Node looks for it from apps/server/dist.
  const relative = path.relative(root, source);
  const installed = relative.startsWith(`node_modules${path.sep}`) || relative.startsWith(`apps${path.sep}server${path.sep}node_modules${path.sep}`);
  if (!installed || lstatSync(source).isSymbolicLink()) continue;
  cpSync(source, path.join(stage, relative), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (file) => path.relative(source, file) !== 'node_modules',
  });
  packages += 1;
}

mkdirSync(outDir, { recursive: true });
const archive = path.join(outDir, `${name}-linux-${process.arch}.tar.gz`);
rmSync(archive, { force: true });
run('tar', ['-czf', archive, '-C', outDir, name]);
rmSync(stage, { recursive: true, force: true });

const hash = createHash('sha256');
for await (const chunk of createReadStream(archive)) hash.update(chunk);
const checksum = `${hash.digest('hex')}  ${path.basename(archive)}\n`;
writeFileSync(`${archive}.sha256`, checksum);

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
process.stdout.write(`${path.relative(root, archive)} (${mb(statSync(archive).size)}, ${packages} packages)\n${checksum}`);
