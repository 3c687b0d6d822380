import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Section of the `messages` object → the module and export it is assembled from. */
export type SectionMap = Map<string, { file: string; exportName: string }>;

/**
 * Reads packages/shared/src/messages.ts: its `import { a, b } from './messages/x';` lines and
 * its `section: exportName,` entries.
 */
export function readSections(messagesSource: string, messagesFile: string): SectionMap {
  const fileOf = new Map<string, string>();
  for (const [, names = '', from = ''] of messagesSource.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
    const file = path.resolve(path.dirname(messagesFile), `${from}.ts`);
    for (const name of names.split(',')) if (name.trim()) fileOf.set(name.trim(), file);
  }
  const body = messagesSource.slice(messagesSource.indexOf('export const messages'));
  const sections: SectionMap = new Map();
  for (const [, section = '', exportName = ''] of body.matchAll(/^\s*(\w+):\s*(\w+),?\s*$/gm)) {
    const file = fileOf.get(exportName);
    if (!file) throw new Error(`messages.${section}: ${exportName} is not imported in messages.ts`);
    sections.set(section, { file, exportName });
  }
  return sections;
}

const IMPORT = /^import\s*\{\s*messages\s*\}\s*from\s*'([^']+)';[ \t]*$/m;

/**
 * Rewrites a module that reads `messages.<section>` only into one that imports those sections
 * from their own modules: `import { messages } from '…/messages'` and `messages.home.x` become
 * `import { homeMessages as __messages_home } from '/…/messages/home.ts'` and
 * `__messages_home.x`. Answers null (the module stays as it is) when it imports `messages`
 * otherwise, or uses the name any other way: `messages` alone, `messages[key]`, an unknown section.
 * @param isMessagesModule whether an import specifier, from this module, names messages.ts
 */
export function rewriteMessageSections(
  code: string,
  sections: SectionMap,
  isMessagesModule: (specifier: string) => boolean,
): string | null {
  const imported = IMPORT.exec(code);
  if (!imported || !isMessagesModule(imported[1] ?? '')) return null;
  const rest = code.slice(0, imported.index) + code.slice(imported.index + imported[0].length);
  // Comments may say "messages" in prose; only code decides.
  // Nor do module specifiers: `from '../messages/deal'` names a file, not the object.
  const codeOnly = rest
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\bfrom\s*(['"])[^'"]*\1/g, "from ''");
  const all = codeOnly.match(/(?<![\w$.])messages(?![\w$])/g)?.length ?? 0;
  const used = new Set<string>();
  let plain = 0;
  for (const [, section = ''] of codeOnly.matchAll(/(?<![\w$.])messages\.(\w+)/g)) {
    if (!sections.has(section)) return null;
    used.add(section);
    plain += 1;
  }
  if (plain !== all || used.size === 0) return null;
  const imports = [...used]
    .sort()
    .map((section) => {
      const { file, exportName } = sections.get(section)!;
      return `import { ${exportName} as __messages_${section} } from ${JSON.stringify(file)};`;
    })
    .join(' ');
  const body = rest.replace(/(?<![\w$.])messages\.(\w+)/g, (_, section: string) => `__messages_${section}`);
  // The import line is replaced by one line: the lines after it do not move.
  return body.slice(0, imported.index) + imports + body.slice(imported.index);
}

/**
 * The shared `messages` object, by section (decision 033): it assembles every user-facing
 * string of the product (about 24 KB minified, 9 KiB gzip), and every module that reads one
 * string of it brings all of them into the first load. In the build, a module of the web app
 * or the shared package that only reads `messages.<section>…` imports those sections from
 * their own modules instead, so a page carries the sections it reads. Source and types do not
 * change; the dev server and the tests keep the object.
 */
export function messageSectionsPlugin(): Plugin {
  let sections: SectionMap = new Map();
  let messagesFile = '';
  return {
    name: 'baobei:message-sections',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const resolved = await this.resolve('@baobei/shared/messages');
      if (!resolved) throw new Error('@baobei/shared/messages does not resolve');
      messagesFile = resolved.id;
      sections = readSections(readFileSync(messagesFile, 'utf8'), messagesFile);
    },
    transform: {
      filter: { id: /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/].*\.tsx?$/, code: 'messages' },
      handler(code, id) {
        const file = id.split('?')[0] ?? id;
        if (file === messagesFile || file.startsWith(path.join(path.dirname(messagesFile), 'messages') + path.sep)) return null;
        const rewritten = rewriteMessageSections(code, sections, (specifier) =>
          specifier === '@baobei/shared/messages' ||
          (specifier.startsWith('.') && path.resolve(path.dirname(file), `${specifier}.ts`) === messagesFile),
        );
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
  };
}
