import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where each export of antd-mobile's `es/index.js` comes from: `Button` → default of `es/components/button`. */
export type ExportMap = Map<string, { from: string; imported: 'default' | string }>;

/** Reads `export { default as Button } from './components/button';` lines of the package's barrel. */
export function readExportMap(barrelSource: string, barrelDir: string): ExportMap {
  const map: ExportMap = new Map();
  for (const [, names = '', from = ''] of barrelSource.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const target = path.posix.join(barrelDir, from);
    for (const part of names.split(',')) {
      const [imported = '', local = imported] = part.trim().split(/\s+as\s+/);
      if (local) map.set(local, { from: target, imported });
    }
  }
  return map;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]antd-mobile['"];?/g;

/**
 * `import { Button, Toast as T, type SwiperRef } from 'antd-mobile'` becomes one import per
 * component module (`import Button from 'antd-mobile/es/components/button'`); type-only
 * specifiers are left to a type import. Names the map does not know stay on the barrel.
 */
export function rewriteImports(code: string, exportsMap: ExportMap): string | null {
  let changed = false;
  const out = code.replace(IMPORT, (statement, specifiers: string) => {
    const lines: string[] = [];
    const types: string[] = [];
    const unknown: string[] = [];
    for (const raw of specifiers.split(',')) {
      const spec = raw.trim();
      if (!spec) continue;
      if (spec.startsWith('type ')) {
        types.push(spec.slice(5).trim());
        continue;
      }
      const [imported = '', local = imported] = spec.split(/\s+as\s+/);
      const target = exportsMap.get(imported);
      if (!target) {
        unknown.push(spec);
        continue;
      }
      lines.push(
        target.imported === 'default'
          ? `import ${local} from '${target.from}';`
          : `import { ${target.imported === local ? local : `${target.imported} as ${local}`} } from '${target.from}';`,
      );
    }
    if (types.length) lines.push(`import type { ${types.join(', ')} } from 'antd-mobile';`);
    if (unknown.length) lines.push(`import { ${unknown.join(', ')} } from 'antd-mobile';`);
    changed = true;
    // As many lines as the statement had, so the lines after it do not move.
    return lines.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
  });
  return changed ? out : null;
}

/**
 * Imports from antd-mobile's barrel resolve to the component modules themselves (decision 033).
 * The package declares its side effects, so unused components are tree-shaken either way; but
 * the barrel makes every component a static dependency of the entry in the module graph, so
 * Rolldown's chunk groups (which follow that graph) would put all of them in the first load.
 * Component modules import their own CSS; the barrel's one side effect, the global CSS
 * variables, is imported once by app/main.tsx.
 */
export function antdMobileImports(): Plugin {
  const require = createRequire(import.meta.url);
  const barrel = require.resolve('antd-mobile/es/index.js');
  const map = readExportMap(readFileSync(barrel, 'utf8'), 'antd-mobile/es');
  return {
    name: 'baobei:antd-mobile-imports',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.[jt]sx?$/, code: 'antd-mobile' },
      handler(code) {
        const rewritten = rewriteImports(code, map);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
  };
}
