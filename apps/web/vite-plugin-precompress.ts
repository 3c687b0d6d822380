/**
 * The precompress plugin lives in scripts/ since the console (apps/admin) builds with it too
 * (docs/decisions/040); this name stays for the web build's config and the decisions that cite it.
 */
export { precompress } from '../../scripts/vite-plugin-precompress';
