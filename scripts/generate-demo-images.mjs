#!/usr/bin/env node
/**
 * Writes the demo pictures of the seed (apps/server/src/db/seed) as small SVG files into
 * apps/server/assets/demo/, served at /assets/demo/. Deterministic: the same files on every
 * run. Run `node scripts/generate-demo-images.mjs` after changing it and commit the output.
 * The file names must match apps/server/src/db/seed/assets.ts (its test checks they exist).
 */
import { mkdirSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ASSETS_DIR as outDir, linearGradient, r1, rng, svgDocument } from './demo-drawing.mjs';

mkdirSync(outDir, { recursive: true });

const pad = (n) => String(n).padStart(2, '0');

const files = new Map();
/** One file, on one line: the markup's own line breaks and indents are left out. */
function svg(name, w, h, body) {
  files.set(name, svgDocument(w, h, body).replace(/\n\s*/g, ''));
}
const grad = (id, c1, c2, vertical = true) => linearGradient(id, [[0, c1], [1, c2]], { horizontal: !vertical });
const font = 'font-family="PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif"';
const label = (x, y, size, fill, text, anchor = 'middle', weight = 'normal') =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="${anchor}" font-weight="${weight}" ${font}>${text}</text>`;

const SKIES = [
  ['#7ec8f5', '#e6f6ff'],
  ['#ffb88c', '#ffe9d6'],
  ['#8fd3c7', '#eefaf6'],
  ['#a3b8ff', '#eef1ff'],
  ['#f6a6c1', '#fff0f5'],
  ['#9ad0ec', '#fdf6e3'],
];
const TOWERS = ['#f4f6fa', '#dfe6ef', '#e9e1d3', '#d8e3e7', '#efe6f2', '#e3efe1'];
const ACCENTS = ['#3a7bd5', '#e8744f', '#2f9e8f', '#6a5acd', '#d0546e', '#c58b2b'];

/** A row of towers with window patterns: the common building silhouette. */
function towers(rand, w, groundY, count, fill, accent) {
  let out = '';
  const slot = w / count;
  for (let i = 0; i < count; i++) {
    const tw = Math.round(slot * (0.45 + rand() * 0.25));
    const th = Math.round(groundY * (0.35 + rand() * 0.45));
    const x = Math.round(i * slot + (slot - tw) / 2);
    const y = groundY - th;
    out += `<rect x="${x}" y="${y}" width="${tw}" height="${th}" fill="${fill}" stroke="${accent}" stroke-opacity=".35"/>`;
    out += `<rect x="${x + 4}" y="${y + 8}" width="${tw - 8}" height="${th - 12}" fill="url(#win)"/>`;
    out += `<rect x="${x - 2}" y="${y - 5}" width="${tw + 4}" height="6" fill="${accent}" opacity=".8"/>`;
  }
  return out;
}
const windowPattern = (accent) =>
  `<pattern id="win" width="12" height="14" patternUnits="userSpaceOnUse"><rect x="2" y="3" width="7" height="8" fill="${accent}" opacity=".35"/></pattern>`;
const palm = (x, y, s, c = '#2e8b57') =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 Q3-30 8-60" stroke="#8b5a2b" stroke-width="4" fill="none"/><path d="M8-60 q-25-5-35 10 q20-12 35-10 q-10-22-30-22 q22 2 30 22 q8-22 30-20 q-20 4-30 20 q25-6 35 12 q-18-12-35-12z" fill="${c}"/></g>`;
const tree = (x, y, r, c = '#4caf50') =>
  `<rect x="${x - 2}" y="${y}" width="4" height="${r}" fill="#795548"/><circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`;

// ---- house pictures (4:3): building effect renders
for (let i = 1; i <= 12; i++) {
  const rand = rng(1000 + i);
  const [s1, s2] = SKIES[i % SKIES.length];
  const accent = ACCENTS[i % ACCENTS.length];
  const sea = i % 3 === 0;
  let body = `<defs>${grad('sky', s1, s2)}${windowPattern(accent)}</defs><rect width="400" height="300" fill="url(#sky)"/>`;
  body += `<circle cx="${r1(60 + rand() * 280)}" cy="${r1(40 + rand() * 30)}" r="22" fill="#fff6c9" opacity=".9"/>`;
  body += towers(rand, 400, 240, 3 + (i % 3), TOWERS[i % TOWERS.length], accent);
  body += sea
    ? `<rect y="240" width="400" height="60" fill="#4fb3e8"/><path d="M0 255 q25-8 50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0" stroke="#fff" stroke-opacity=".6" fill="none"/>`
    : `<rect y="240" width="400" height="60" fill="#9ccc65"/><rect y="262" width="400" height="14" fill="#cfd8dc"/>`;
  body += palm(30, 265, 0.9) + palm(370, 268, 0.8);
  svg(`house-${pad(i)}.svg`, 400, 300, body);
}

// ---- real-scene pictures (4:3): lower blocks with gardens
for (let i = 1; i <= 4; i++) {
  const rand = rng(2000 + i);
  const accent = ACCENTS[(i + 2) % ACCENTS.length];
  let body = `<defs>${grad('sky', '#bfe3ff', '#ffffff')}${windowPattern(accent)}</defs><rect width="400" height="300" fill="url(#sky)"/>`;
  body += towers(rand, 400, 210, 4, TOWERS[(i + 1) % TOWERS.length], accent);
  body += `<rect y="210" width="400" height="90" fill="#7cb342"/><path d="M0 300 Q200 220 400 300" fill="#d7ccc8"/>`;
  for (let t = 0; t < 7; t++) body += tree(r1(20 + t * 60 + rand() * 20), r1(215 + rand() * 25), r1(10 + rand() * 8), t % 2 ? '#43a047' : '#66bb6a');
  body += label(388, 290, 14, '#fff', '实景', 'end');
  svg(`real-${pad(i)}.svg`, 400, 300, body);
}

// ---- show-flat pictures (4:3): a living room
const WALLS = [['#f3e9dc', '#e0d2bf'], ['#e8eef3', '#cdd9e3'], ['#f1ece4', '#d9cbb7'], ['#eaf2ea', '#cfe0cf']];
for (let i = 1; i <= 4; i++) {
  const [w1, w2] = WALLS[i - 1];
  const sofa = ACCENTS[(i * 2) % ACCENTS.length];
  let body = `<defs>${grad('wall', w1, w2)}${grad('win', '#9fd8ff', '#e8f7ff')}</defs><rect width="400" height="300" fill="url(#wall)"/>`;
  body += `<rect y="215" width="400" height="85" fill="#b58b5b"/><rect x="${40 + i * 10}" y="40" width="150" height="120" fill="url(#win)" stroke="#fff" stroke-width="6"/><line x1="${115 + i * 10}" y1="40" x2="${115 + i * 10}" y2="160" stroke="#fff" stroke-width="4"/>`;
  body += `<rect x="210" y="165" width="160" height="50" rx="10" fill="${sofa}"/><rect x="200" y="185" width="180" height="38" rx="10" fill="${sofa}" opacity=".85"/>`;
  body += `<rect x="120" y="225" width="110" height="12" rx="4" fill="#5d4037"/><circle cx="330" cy="70" r="16" fill="#fff3c4"/><line x1="330" y1="0" x2="330" y2="54" stroke="#666"/>`;
  body += `<rect x="20" y="150" width="14" height="65" fill="#6d4c41"/><circle cx="27" cy="140" r="22" fill="#66bb6a"/>` + label(388, 290, 14, '#fff', '样板间', 'end');
  svg(`sample-${pad(i)}.svg`, 400, 300, body);
}

// ---- surroundings (4:3): four facility tiles
const AROUND = [
  ['学校', '#5c6bc0'], ['医院', '#ef5350'], ['商场', '#ffa726'], ['海滩', '#29b6f6'],
  ['公园', '#66bb6a'], ['地铁', '#ab47bc'], ['超市', '#26a69a'], ['机场', '#78909c'],
];
for (let i = 1; i <= 4; i++) {
  let body = `<rect width="400" height="300" fill="#f5f7fa"/>`;
  for (let k = 0; k < 4; k++) {
    const [name, c] = AROUND[(i - 1 + k * 2) % AROUND.length];
    const x = 20 + (k % 2) * 190;
    const y = 20 + Math.floor(k / 2) * 140;
    body += `<rect x="${x}" y="${y}" width="170" height="120" rx="12" fill="${c}" opacity=".9"/><circle cx="${x + 45}" cy="${y + 60}" r="26" fill="#fff" opacity=".85"/>`;
    body += label(x + 118, y + 68, 22, '#fff', name, 'middle', 'bold');
  }
  svg(`around-${pad(i)}.svg`, 400, 300, body);
}

// ---- site plans (4:3)
for (let i = 1; i <= 2; i++) {
  const rand = rng(3000 + i);
  let body = `<rect width="400" height="300" fill="#a5d6a7"/><rect x="0" y="140" width="400" height="20" fill="#eceff1"/><rect x="190" y="0" width="20" height="300" fill="#eceff1"/>`;
  for (let q = 0; q < 4; q++) {
    const ox = q % 2 ? 220 : 15;
    const oy = q > 1 ? 170 : 15;
    for (let b = 0; b < 3; b++) body += `<rect x="${r1(ox + b * 55 + rand() * 6)}" y="${r1(oy + rand() * 50)}" width="40" height="${r1(22 + rand() * 30)}" fill="#fff" stroke="#607d8b"/>`;
  }
  body += `<ellipse cx="200" cy="150" rx="40" ry="24" fill="#4fc3f7"/>` + label(388, 292, 14, '#33691e', '规划图', 'end');
  svg(`plan-${pad(i)}.svg`, 400, 300, body);
}

// ---- unit plans (1:1): walls and room names
const LAYOUTS = [
  { rooms: [[0, 0, 60, 55, '卧室'], [60, 0, 40, 55, '卫生间'], [0, 55, 100, 45, '客餐厅']] },
  { rooms: [[0, 0, 50, 50, '主卧'], [50, 0, 50, 50, '次卧'], [0, 50, 65, 50, '客厅'], [65, 50, 35, 25, '厨房'], [65, 75, 35, 25, '卫生间']] },
  { rooms: [[0, 0, 40, 45, '主卧'], [40, 0, 30, 45, '次卧'], [70, 0, 30, 45, '书房'], [0, 45, 60, 55, '客餐厅'], [60, 45, 40, 28, '厨房'], [60, 73, 40, 27, '卫生间']] },
  { rooms: [[0, 0, 35, 45, '主卧'], [35, 0, 30, 45, '次卧'], [65, 0, 35, 45, '儿童房'], [0, 45, 55, 55, '客厅'], [55, 45, 25, 30, '餐厅'], [80, 45, 20, 30, '厨房'], [55, 75, 45, 25, '卫生间']] },
  { rooms: [[0, 0, 30, 40, '主卧'], [30, 0, 25, 40, '次卧'], [55, 0, 25, 40, '次卧'], [80, 0, 20, 40, '书房'], [0, 40, 60, 60, '客餐厅'], [60, 40, 40, 30, '厨房'], [60, 70, 20, 30, '主卫'], [80, 70, 20, 30, '客卫']] },
  { rooms: [[0, 0, 35, 50, '主卧套房'], [35, 0, 35, 50, '起居室'], [70, 0, 30, 50, '次卧'], [0, 50, 70, 50, '客厅'], [70, 50, 30, 25, '厨房'], [70, 75, 30, 25, '卫生间']] },
];
LAYOUTS.forEach((l, idx) => {
  const s = 3.2;
  const o = 40;
  let body = `<rect width="400" height="400" fill="#fff"/><g stroke="#37474f" stroke-width="3" fill="#fafafa">`;
  for (const [x, y, w, h] of l.rooms) body += `<rect x="${r1(o + x * s)}" y="${r1(o + y * s)}" width="${r1(w * s)}" height="${r1(h * s)}"/>`;
  body += `</g><rect x="${o}" y="${o}" width="${100 * s}" height="${100 * s}" fill="none" stroke="#263238" stroke-width="7"/>`;
  for (const [x, y, w, h, name] of l.rooms) body += label(r1(o + (x + w / 2) * s), r1(o + (y + h / 2) * s + 5), 14, '#455a64', name);
  body += label(200, 28, 16, '#1a73e8', '户型示意图', 'middle', 'bold');
  svg(`unit-${pad(idx + 1)}.svg`, 400, 400, body);
});

// ---- company branding
const BRANDS = {
  haikou: { c1: '#1677ff', c2: '#4fc3f7', text: '海口', mark: 'HK' },
  sanya: { c1: '#f5663b', c2: '#ffb347', text: '三亚', mark: 'SY' },
};
const houseGlyph = (fill) => `<path d="M50 118 L100 74 L150 118 V160 H50Z" fill="none" stroke="${fill}" stroke-width="10" stroke-linejoin="round"/><rect x="88" y="128" width="24" height="32" fill="${fill}"/>`;
for (const [key, b] of Object.entries(BRANDS)) {
  svg(`logo-${key}.svg`, 200, 200, `<defs>${grad('g', b.c1, b.c2, false)}</defs><rect width="200" height="200" rx="40" fill="url(#g)"/><g transform="translate(0 -22)">${houseGlyph('#fff')}</g>${label(100, 178, 30, '#fff', `${b.text}报备`, 'middle', 'bold')}`);
  svg(`sublogo-${key}.svg`, 200, 200, `<rect width="200" height="200" rx="100" fill="#fff"/><circle cx="100" cy="100" r="92" fill="none" stroke="${b.c1}" stroke-width="8"/><g transform="translate(0 -10)">${houseGlyph(b.c1)}</g>${label(100, 182, 22, b.c1, b.mark, 'middle', 'bold')}`);
  svg(`favicon-${key}.svg`, 64, 64, `<rect width="64" height="64" rx="14" fill="${b.c1}"/><path d="M14 34 L32 18 L50 34 V50 H14Z" fill="#fff"/><rect x="28" y="38" width="8" height="12" fill="${b.c1}"/>`);
}

// ---- banners (16:9)
const BANNERS = {
  haikou: [['海口湾 · 臻品海景', '一线观海 总价低至98万'], ['江东新区 · 未来之城', '报备即享额外带看奖'], ['金秋购房节', '全城新房 佣金最高5%'], ['现房速递', '即买即住 拎包入住']],
  sanya: [['三亚湾 · 椰风海韵', '度假置业 首付低至30%'], ['海棠湾 · 滨海墅区', '成交奖励 最高2万/套'], ['候鸟置业季', '养老度假 一站购齐'], ['渠道合伙人招募', '报备快 结佣快 服务好']],
};
for (const [key, list] of Object.entries(BANNERS)) {
  const b = BRANDS[key];
  list.forEach(([title, sub], idx) => {
    const rand = rng(4000 + idx + (key === 'sanya' ? 50 : 0));
    const c2 = idx % 2 ? b.c2 : '#2c3e8f';
    let body = `<defs>${grad('bg', b.c1, c2, false)}${windowPattern('#ffffff')}</defs><rect width="640" height="360" fill="url(#bg)"/>`;
    body += `<g opacity=".35" transform="translate(300 0)">${towers(rand, 340, 360, 4, '#ffffff', '#ffffff')}</g>`;
    body += `<circle cx="560" cy="70" r="34" fill="#fff" opacity=".25"/>`;
    body += label(40, 150, 44, '#fff', title, 'start', 'bold') + label(40, 205, 26, '#fff', sub, 'start');
    body += `<rect x="40" y="240" width="150" height="44" rx="22" fill="#fff"/>${label(115, 270, 20, b.c1, '立即查看', 'middle', 'bold')}`;
    svg(`banner-${key}-${idx + 1}.svg`, 640, 360, body);
  });
}

// ---- navigation icons (1:1)
const NAV = {
  hot: ['#ff6b4a', '#ffb199', '<path d="M48 20 C60 38 70 44 66 62 A18 18 0 0 1 30 62 C28 50 38 46 40 36 C44 44 48 44 48 20Z" fill="#fff"/>'],
  metro: ['#7e57c2', '#b39ddb', '<rect x="28" y="22" width="40" height="44" rx="10" fill="#fff"/><rect x="34" y="30" width="28" height="14" fill="#7e57c2"/><circle cx="38" cy="56" r="4" fill="#7e57c2"/><circle cx="58" cy="56" r="4" fill="#7e57c2"/><path d="M32 76 L38 66 M64 76 L58 66" stroke="#fff" stroke-width="4"/>'],
  school: ['#3f8cff', '#9cc4ff', '<path d="M48 24 L80 40 L48 56 L16 40Z" fill="#fff"/><path d="M30 48 V64 Q48 74 66 64 V48" fill="none" stroke="#fff" stroke-width="5"/><path d="M78 41 V60" stroke="#fff" stroke-width="3"/>'],
  sea: ['#00a5d6', '#7fdcff', '<circle cx="62" cy="32" r="10" fill="#fff"/><path d="M14 56 q8-8 17 0 t17 0 t17 0 t17 0 M14 70 q8-8 17 0 t17 0 t17 0 t17 0" stroke="#fff" stroke-width="5" fill="none"/>'],
  low: ['#ffa000', '#ffd180', '<circle cx="48" cy="48" r="26" fill="none" stroke="#fff" stroke-width="5"/><path d="M38 34 L48 48 L58 34 M36 50 H60 M36 60 H60 M48 48 V70" stroke="#fff" stroke-width="5" fill="none"/>'],
  ready: ['#26a69a', '#80cbc4', '<circle cx="36" cy="48" r="12" fill="none" stroke="#fff" stroke-width="6"/><path d="M48 48 H78 M66 48 V60 M74 48 V58" stroke="#fff" stroke-width="6"/>'],
  retire: ['#43a047', '#a5d6a7', '<path d="M48 78 Q46 50 54 30" stroke="#fff" stroke-width="5" fill="none"/><path d="M54 30 q-22-4-30 10 q16-10 30-10 q-6-18-24-18 q18 2 24 18 q8-18 26-16 q-16 4-26 16 q20-4 28 12 q-14-10-28-12z" fill="#fff"/>'],
  invest: ['#e53935', '#ef9a9a', '<path d="M18 70 L38 50 L52 60 L76 32" stroke="#fff" stroke-width="6" fill="none" stroke-linejoin="round"/><path d="M62 30 H78 V46" stroke="#fff" stroke-width="6" fill="none"/>'],
};
for (const [key, [c1, c2, glyph]] of Object.entries(NAV)) {
  svg(`nav-${key}.svg`, 96, 96, `<defs>${grad('g', c1, c2)}</defs><circle cx="48" cy="48" r="46" fill="url(#g)"/>${glyph}`);
}

// ---- avatars (1:1)
const AVATARS = { male: ['#90caf9', '#1565c0'], female: ['#f8bbd0', '#c2185b'], default: ['#e0e0e0', '#9e9e9e'] };
for (const [key, [bg, fg]] of Object.entries(AVATARS)) {
  const hair = key === 'female' ? `<path d="M30 56 Q30 20 60 20 Q90 20 90 56 L92 80 Q80 70 78 50 Q60 44 42 50 Q40 70 28 80Z" fill="${fg}" opacity=".8"/>` : '';
  svg(`avatar-${key}.svg`, 120, 120, `<rect width="120" height="120" fill="${bg}"/><circle cx="60" cy="50" r="24" fill="#fff"/>${hair}<path d="M18 120 Q18 80 60 80 Q102 80 102 120Z" fill="#fff"/>`);
}

// ---- documents: business licence, ID card (both sides), a report QR code, a visit photo
svg('licence.svg', 400, 300, `<rect width="400" height="300" fill="#fdf8ec"/><rect x="10" y="10" width="380" height="280" fill="none" stroke="#c62828" stroke-width="4"/>${label(200, 60, 30, '#c62828', '营业执照', 'middle', 'bold')}<g stroke="#9e9e9e" stroke-width="2">${[100, 130, 160, 190, 220].map((y) => `<line x1="40" y1="${y}" x2="260" y2="${y}"/>`).join('')}</g><circle cx="320" cy="215" r="44" fill="none" stroke="#e53935" stroke-width="4"/>${label(320, 222, 16, '#e53935', '样例')}${label(40, 270, 13, '#757575', 'DEMO 仅供演示', 'start')}`);
svg('idcard-front.svg', 400, 252, `<defs>${grad('g', '#e3f2fd', '#fff8e1', false)}</defs><rect width="400" height="252" rx="16" fill="url(#g)"/><rect x="270" y="40" width="100" height="124" fill="#cfd8dc"/><circle cx="320" cy="86" r="24" fill="#90a4ae"/><path d="M280 164 Q280 120 320 120 Q360 120 360 164Z" fill="#90a4ae"/><g fill="#78909c">${[50, 80, 110, 140, 200].map((y, k) => `<rect x="30" y="${y}" width="${k === 4 ? 300 : 190}" height="12" rx="4"/>`).join('')}</g>${label(30, 240, 12, '#b0bec5', 'DEMO 样例证件', 'start')}`);
svg('idcard-back.svg', 400, 252, `<defs>${grad('g', '#fff8e1', '#e3f2fd', false)}</defs><rect width="400" height="252" rx="16" fill="url(#g)"/><circle cx="70" cy="70" r="36" fill="#e53935" opacity=".85"/><path d="M70 46 l7 16 h17 l-14 10 l5 17 l-15-10 l-15 10 l5-17 l-14-10 h17z" fill="#ffd54f"/>${label(250, 80, 26, '#37474f', '居民身份证', 'middle', 'bold')}<g fill="#78909c"><rect x="120" y="160" width="240" height="12" rx="4"/><rect x="120" y="190" width="240" height="12" rx="4"/></g>${label(30, 240, 12, '#b0bec5', 'DEMO 样例证件', 'start')}`);
{
  const rand = rng(5000);
  const n = 25;
  const cell = 8;
  const finder = (x, y) => `M${x} ${y}h7v7h-7zM${x + 1} ${y + 1}v5h5v-5zM${x + 2} ${y + 2}h3v3h-3z`;
  let d = finder(0, 0) + finder(n - 7, 0) + finder(0, n - 7);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const inFinder = (x < 8 && y < 8) || (x > n - 9 && y < 8) || (x < 8 && y > n - 9);
      if (!inFinder && rand() < 0.45) d += `M${x} ${y}h1v1h-1z`;
    }
  svg('record-qrcode.svg', 240, 240, `<rect width="240" height="240" fill="#fff"/><path transform="translate(20 20) scale(${cell})" fill-rule="evenodd" fill="#111" d="${d}"/>`);
}
{
  const rand = rng(5100);
  svg('visit-photo.svg', 400, 300, `<defs>${grad('g', '#ffe0b2', '#fff3e0')}${windowPattern('#8d6e63')}</defs><rect width="400" height="300" fill="url(#g)"/>${towers(rand, 400, 190, 2, '#ffffff', '#8d6e63')}<rect y="190" width="400" height="110" fill="#d7ccc8"/><circle cx="150" cy="200" r="16" fill="#5d4037"/><rect x="134" y="216" width="32" height="60" rx="10" fill="#1e88e5"/><circle cx="230" cy="198" r="16" fill="#5d4037"/><rect x="214" y="214" width="32" height="62" rx="10" fill="#e53935"/>${label(388, 290, 14, '#fff', '到访留影', 'end')}`);
}

// The demo video and VR panoramas are real media: scripts/generate-demo-media.mjs.

// ---- write, and report sizes
let total = 0;
for (const [name, text] of files) {
  writeFileSync(join(outDir, name), text);
}
for (const name of readdirSync(outDir)) total += statSync(join(outDir, name)).size;
const largest = [...files].sort((a, b) => b[1].length - a[1].length)[0];
process.stdout.write(`${files.size} files written to ${outDir}; folder total ${(total / 1024).toFixed(1)} KB; largest ${largest[0]} ${largest[1].length} B\n`);
