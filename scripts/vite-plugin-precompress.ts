import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images, fonts and media are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/** Every file under `dir`, skipping dot folders (Vite's `.vite/manifest.json` is not served). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))),
  );
  return nested.flat();
}

/**
 * Shared by the web app and the console (apps/web/vite.config.ts, apps/admin/vite.config.ts):
 * both builds are served the same way (apps/server/src/plugins/web-static.ts, console-static.ts).
 *
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text
 * file of the build, so the server sends them as they are (`preCompressed` of @fastify/static,
 * docs/decisions/031) instead of compressing each answer. A variant that would not be smaller
 * than its file (a few tiny chunks) is not written: the file is then sent uncompressed.
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'baobei:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = (await filesUnder(outDir)).filter((f) => TEXT_FILE.test(f));
        const totals = { raw: 0, br: 0, gz: 0 };
        await Promise.all(
          files.map(async (file) => {
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            totals.raw += content.length;
            // The server sends whichever variant exists, so one left by an earlier build goes.
            for (const [suffix, variant] of [['.br', br], ['.gz', gz]] as const) {
              if (variant.length < content.length) await writeFile(`${file}${suffix}`, variant);
              else await rm(`${file}${suffix}`, { force: true });
            }
            totals.br += Math.min(br.length, content.length);
            totals.gz += Math.min(gz.length, content.length);
          }),
        );
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        logger?.info(`precompressed ${files.length} text files: ${kib(totals.raw)} → brotli ${kib(totals.br)}, gzip ${kib(totals.gz)}`);
      },
    },
  };
}
