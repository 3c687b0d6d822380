#!/usr/bin/env node
/**
 * The production server: src/main.ts and @baobei/shared's sources bundled by esbuild into
 * dist/main.js (ES modules, Node 20+), every npm package left as an import of node_modules,
 * and the SQL migrations copied to dist/migrations (db/client.ts finds them next to the
 * running file). The production commands beside it, bundled the same way, so a release runs
 * them with `node` alone (no tsx; docs/decisions/096): dist/migrate.js, dist/create-admin.js,
 * dist/remove-demo.js; and dist/tracing.js, the OpenTelemetry preload (docs/decisions/099). dist/ sits where src/ does, so `../assets/demo` and `../../web/dist` resolve
 * the same from either. Each file is written to a temporary name and renamed, so a server
 * starting while another build runs never reads half a file.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(serverRoot, 'dist');
const migrationsSource = path.join(serverRoot, 'src/db/migrations');

function writeWhole(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}

/** The workspace's own packages are compiled in; everything else stays a package import. */
const packagesOutside = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@baobei/') ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
const result = await build({
  entryPoints: {
    main: path.join(serverRoot, 'src/main.ts'),
    migrate: path.join(serverRoot, 'src/db/migrate.ts'),
    'create-admin': path.join(serverRoot, 'src/commands/create-admin.ts'),
    'remove-demo': path.join(serverRoot, 'src/commands/remove-demo.ts'),
    // Preloaded with `node --import` to trace (docs/decisions/099); inert without its setting.
    tracing: path.join(serverRoot, 'src/telemetry/tracing.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  plugins: [packagesOutside],
  write: false,
  logLevel: 'warning',
});
for (const file of result.outputFiles) writeWhole(file.path, file.contents);

function copyTree(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(source, path.join(to, entry.name));
    else writeWhole(path.join(to, entry.name), readFileSync(source));
  }
}
copyTree(migrationsSource, path.join(dist, 'migrations'));

process.stdout.write(`server built into ${path.relative(process.cwd(), dist) || 'dist'} in ${Date.now() - started} ms\n`);
