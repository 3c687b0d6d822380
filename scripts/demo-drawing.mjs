/**
 * What the demo asset generators (generate-demo-images.mjs, generate-demo-media.mjs) share:
 * where the assets go, a deterministic random source, and the SVG pieces both draw with.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/assets/demo/, served at /assets/demo/; the seed names its files (apps/server/src/db/seed/assets.ts). */
export const DEMO_ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps/server/assets/demo');

/** mulberry32: a tiny deterministic PRNG, so every run draws the same files. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One decimal place: coordinates short enough to keep the SVG text small. */
export const r1 = (n) => Math.round(n * 10) / 10;

/** An SVG document of w × h user units, drawn at that size. */
export const svgDocument = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;

/** A linear gradient through `stops` ([offset, colour] pairs), top to bottom or left to right. */
export const linearGradient = (id, stops, { horizontal = false } = {}) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}">${stops
    .map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`)
    .join('')}</linearGradient>`;
