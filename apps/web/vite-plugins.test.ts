import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { readExportMap, rewriteImports } from './vite-plugin-antd-mobile-imports';
import { contractPaths, contractPathsModule } from './vite-plugin-contract-paths';
import { readSections, rewriteMessageSections } from './vite-plugin-message-sections';

const require = createRequire(import.meta.url);

describe('antd-mobile imports, component by component', () => {
  const barrel = require.resolve('antd-mobile/es/index.js');
  const map = readExportMap(readFileSync(barrel, 'utf8'), 'antd-mobile/es');

  it('knows every export of the barrel, each from a module that exists', () => {
    expect(map.get('Button')).toEqual({ from: 'antd-mobile/es/components/button', imported: 'default' });
    expect(map.get('useConfig')).toEqual({ from: 'antd-mobile/es/components/config-provider', imported: 'useConfig' });
    expect(map.size).toBeGreaterThan(80);
    for (const { from } of map.values()) expect(existsSync(require.resolve(from)), from).toBe(true);
  });

  it('rewrites values, keeps types on the barrel, keeps unknown names and the line count', () => {
    const code = [
      "import {",
      "  Button,",
      "  Toast as T,",
      "  useConfig,",
      "  type SwiperRef,",
      "  NotAComponent,",
      "} from 'antd-mobile';",
      'const x = 1;',
    ].join('\n');
    const out = rewriteImports(code, map)!;
    expect(out).toContain("import Button from 'antd-mobile/es/components/button';");
    expect(out).toContain("import T from 'antd-mobile/es/components/toast';");
    expect(out).toContain("import { useConfig } from 'antd-mobile/es/components/config-provider';");
    expect(out).toContain("import type { SwiperRef } from 'antd-mobile';");
    expect(out).toContain("import { NotAComponent } from 'antd-mobile';");
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out.split('\n').at(-1)).toBe('const x = 1;');
  });

  it('leaves other modules alone', () => {
    expect(rewriteImports("import { Button } from 'antd-mobile-icons';", map)).toBeNull();
    expect(rewriteImports("import zhCN from 'antd-mobile/es/locales/zh-CN';", map)).toBeNull();
  });
});

describe('the API contract as methods and paths', () => {
  it('keeps every endpoint with its method and path, and each variant’s, and nothing else', () => {
    const reduced = contractPaths(api as unknown as Record<string, Record<string, unknown>>);
    let endpoints = 0;
    for (const [group, endpointsOf] of Object.entries(api)) {
      for (const [name, endpoint] of Object.entries(endpointsOf)) {
        endpoints += 1;
        const kept = reduced[group]?.[name];
        expect(kept?.method).toBe(endpoint.method);
        expect(kept?.path).toBe(endpoint.path);
        expect(Object.keys(kept ?? {}).sort()).toEqual('variants' in endpoint ? ['method', 'path', 'variants'] : ['method', 'path']);
        if ('variants' in endpoint) {
          for (const [variant, v] of Object.entries(endpoint.variants as Record<string, { method: string; path: string }>)) {
            expect(kept?.variants?.[variant]).toEqual({ method: v.method, path: v.path });
          }
        }
      }
    }
    expect(endpoints).toBeGreaterThan(50);
  });

  it('writes a module whose api equals the reduced contract', async () => {
    const source = contractPathsModule(api as unknown as Record<string, Record<string, unknown>>);
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { api: unknown };
    expect(module.api).toEqual(contractPaths(api as unknown as Record<string, Record<string, unknown>>));
    expect(source).not.toMatch(/zod|Zod/);
  });
});

describe('messages by section', () => {
  const messagesFile = require.resolve('@baobei/shared/messages');
  const sections = readSections(readFileSync(messagesFile, 'utf8'), messagesFile);
  const isMessages = (specifier: string) => specifier === '@baobei/shared/messages';

  it('maps every section of `messages` to the very object its module exports', async () => {
    expect([...sections.keys()].sort()).toEqual(Object.keys(messages).sort());
    for (const [section, { file, exportName }] of sections) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      expect(module[exportName], section).toBe(messages[section as keyof typeof messages]);
      expect(path.dirname(file)).toBe(path.join(path.dirname(messagesFile), 'messages'));
    }
  });

  it('imports the sections a module reads, on the import’s own line', () => {
    const code = [
      "import { messages } from '@baobei/shared/messages';",
      "import { x } from './x';",
      '/** Says which messages it shows. */',
      'const a = messages.home.tabIndex;',
      'const b = `${messages.common.confirm}`; // messages here are prose',
    ].join('\n');
    const out = rewriteMessageSections(code, sections, isMessages)!;
    const [first, ...rest] = out.split('\n');
    expect(first).toBe(
      `import { commonMessages as __messages_common } from ${JSON.stringify(sections.get('common')!.file)}; ` +
        `import { homeMessages as __messages_home } from ${JSON.stringify(sections.get('home')!.file)};`,
    );
    expect(rest).toEqual([
      "import { x } from './x';",
      '/** Says which messages it shows. */',
      'const a = __messages_home.tabIndex;',
      'const b = `${__messages_common.confirm}`; // messages here are prose',
    ]);
  });

  it('splits a module that also imports one section’s own file (its path says messages)', () => {
    const code = [
      "import { messages } from '@baobei/shared/messages';",
      "import { dealMessages } from '@baobei/shared/messages/deal';",
      'const a = messages.home.tabIndex + dealMessages.x;',
    ].join('\n');
    const out = rewriteMessageSections(code, sections, isMessages)!;
    expect(out.split('\n')).toEqual([
      `import { homeMessages as __messages_home } from ${JSON.stringify(sections.get('home')!.file)};`,
      "import { dealMessages } from '@baobei/shared/messages/deal';",
      'const a = __messages_home.tabIndex + dealMessages.x;',
    ]);
  });

  it('leaves a module that uses the object any other way, or imports something else', () => {
    const head = "import { messages } from '@baobei/shared/messages';\n";
    expect(rewriteMessageSections(`${head}export const all = messages;`, sections, isMessages)).toBeNull();
    expect(rewriteMessageSections(`${head}const t = messages[key];`, sections, isMessages)).toBeNull();
    expect(rewriteMessageSections(`${head}const t = messages.noSuchSection.x;`, sections, isMessages)).toBeNull();
    expect(rewriteMessageSections("import { messages } from './other';\nmessages.home.x;", sections, isMessages)).toBeNull();
    expect(rewriteMessageSections("import { messages, type Messages } from '@baobei/shared/messages';\nmessages.home.x;", sections, isMessages)).toBeNull();
  });
});
