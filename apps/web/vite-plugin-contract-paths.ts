import type { Plugin } from 'vite';
import { runnerImport } from 'vite';

/** The module the web app imports `api` from; the plugin answers it in the build. */
const CONTRACT = '@baobei/shared/contract';
const VIRTUAL_ID = '\0baobei:contract-paths';

/** What the web's client reads of an endpoint at run time (lib/api-client.ts `call`). */
export interface EndpointPath {
  method: string;
  path: string;
  variants?: Record<string, EndpointPath>;
}

function isEndpoint(value: unknown): value is EndpointPath {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

/**
 * The contract's `api` reduced to each endpoint's method and path (and its variants' own),
 * the only fields the web client reads; the zod schemas and the rest are left out.
 */
export function contractPaths(api: Record<string, Record<string, unknown>>): Record<string, Record<string, EndpointPath>> {
  const reduce = (endpoint: EndpointPath): EndpointPath => {
    const reduced: EndpointPath = { method: endpoint.method, path: endpoint.path };
    if (endpoint.variants) {
      reduced.variants = Object.fromEntries(Object.entries(endpoint.variants).map(([name, v]) => [name, reduce(v)]));
    }
    return reduced;
  };
  return Object.fromEntries(
    Object.entries(api).map(([group, endpoints]) => [
      group,
      Object.fromEntries(
        Object.entries(endpoints).map(([name, endpoint]) => {
          if (!isEndpoint(endpoint)) throw new Error(`api.${group}.${name} is not an endpoint`);
          return [name, reduce(endpoint)];
        }),
      ),
    ]),
  );
}

/** The module source that replaces the contract in the bundle. */
export function contractPathsModule(api: Record<string, Record<string, unknown>>): string {
  return `/* @baobei/shared/contract, methods and paths only (vite-plugin-contract-paths.ts) */\nexport const api = ${JSON.stringify(contractPaths(api))};\n`;
}

/**
 * In the build, `import { api } from '@baobei/shared/contract'` gets the contract's methods and
 * paths only (decision 033). The web client reads nothing else at run time, but the real module
 * builds every endpoint's zod schemas when it loads: zod and every schema of the API (about 35
 * KiB gzip) were in the first load of every page. Types still come from the real module (tsc),
 * and the dev server and the tests keep it; the values are read from it at build start, so they
 * cannot drift.
 */
export function contractPathsPlugin(): Plugin {
  let source = '';
  let root = process.cwd();
  return {
    name: 'baobei:contract-paths',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const { module } = await runnerImport<{ api: Record<string, Record<string, unknown>> }>(CONTRACT, {
        root,
        configFile: false,
        logLevel: 'error',
      });
      source = contractPathsModule(module.api);
    },
    resolveId(id) {
      return id === CONTRACT ? VIRTUAL_ID : null;
    },
    load(id) {
      return id === VIRTUAL_ID ? source : null;
    },
  };
}
