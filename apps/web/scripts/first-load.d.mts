/** Types of first-load.mjs for the TypeScript build plugins (vite-plugin-route-preloads.ts). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const BUDGETS_KIB: Record<string, number>;
export const DEFAULT_BUDGET_KIB: number;
export function budgetFor(route: string): number;
export function routePages(routerSource: string, routerDir?: string): Map<string, string>;
export function chunkKeyOf(manifest: Manifest, moduleKey: string): string;
export function firstLoadFiles(manifest: Manifest, routeKey: string): { js: string[]; css: string[] };
export function measureFirstLoad(
  distDir: string,
  webRoot: string,
): { route: string; js: number; css: number; files: number; budget: number; over: boolean }[];
export function formatTable(rows: ReturnType<typeof measureFirstLoad>): string;
