#!/usr/bin/env node
/**
 * Writes the demo's real media into apps/server/assets/demo/ (served at /assets/demo/):
 *
 *   video-demo.mp4         a 5 s H.264 clip (Main profile, yuv420p, +faststart, no audio)
 *   video-demo.jpg         its first frame, the player's poster
 *   vr-panorama-01.jpg     an equirectangular (2:1) outdoor panorama: a plaza among towers by the sea
 *   vr-panorama-02.jpg     an equirectangular (2:1) indoor panorama: a sample flat's living room
 *
 * Deterministic, drawn procedurally (no external media). Needs ffmpeg with libx264 and
 * drawtext on the PATH (Debian: `apt-get install ffmpeg`) and the CJK font fonts-wqy-zenhei
 * (the caption is left out without it); sharp comes from the server's dependencies. It is NOT
 * run by CI or the tests: run `node scripts/generate-demo-media.mjs` after changing it and
 * commit the output. The file names must match apps/server/src/db/seed/assets.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_ASSETS_DIR as outDir, linearGradient, r1, rng, svgDocument } from './demo-drawing.mjs';

const work = mkdtempSync(join(tmpdir(), 'demo-media-'));
const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const png = (svg, file) => sharp(Buffer.from(svg)).png().toFile(join(work, file));

// ---------------------------------------------------------------- the video

async function video() {
  const W = 640;
  const H = 360;
  const rand = rng(6100);
  // Layer 1: the sky and the sea (static).
  await png(
    svgDocument(W, H, `<defs>${linearGradient('s', [[0, '#1565c0'], [0.7, '#81d4fa'], [1, '#e1f5fe']])}${linearGradient('sea', [[0, '#0288d1'], [1, '#01579b']])}</defs>
      <rect width="${W}" height="${H}" fill="url(#s)"/><rect y="286" width="${W}" height="${H - 286}" fill="url(#sea)"/>`),
    'sky.png',
  );
  // Layer 2: the sun.
  await png(svgDocument(120, 120, `<circle cx="60" cy="60" r="56" fill="#fff59d" opacity=".35"/><circle cx="60" cy="60" r="38" fill="#ffeb3b"/>`), 'sun.png');
  // Layer 3: clouds, wider than the frame, drifting slowly.
  let clouds = '';
  for (let i = 0; i < 7; i++) {
    const x = 60 + i * 190 + rand() * 60;
    const y = 40 + rand() * 90;
    clouds += `<g fill="#fff" opacity=".85"><ellipse cx="${r1(x)}" cy="${r1(y)}" rx="46" ry="16"/><ellipse cx="${r1(x + 26)}" cy="${r1(y - 10)}" rx="28" ry="16"/></g>`;
  }
  await png(svgDocument(1400, H, clouds), 'clouds.png');
  // Layer 4: the skyline on the shore, wider than the frame, panning faster (parallax).
  let city = '';
  let x = 0;
  while (x < 1700) {
    const w = 56 + Math.round(rand() * 50);
    const h = 90 + Math.round(rand() * 150);
    const top = 292 - h;
    const tone = ['#eceff1', '#cfd8dc', '#fff8e1', '#e3f2fd'][Math.floor(rand() * 4)];
    city += `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${tone}" stroke="#90a4ae"/><rect x="${x - 3}" y="${top - 8}" width="${w + 6}" height="9" fill="#ff8a65"/>`;
    for (let wy = top + 10; wy < 280; wy += 16)
      for (let wx = x + 7; wx < x + w - 10; wx += 14) city += `<rect x="${wx}" y="${wy}" width="8" height="9" fill="#4fc3f7" opacity=".8"/>`;
    x += w + 14 + Math.round(rand() * 30);
  }
  city += `<rect y="290" width="1700" height="6" fill="#f5deb3"/>`;
  await png(svgDocument(1700, H, city), 'city.png');

  const caption = existsSync(CJK_FONT)
    ? `,drawtext=fontfile=${CJK_FONT}:text='楼盘视频（演示）':fontsize=24:fontcolor=white:x=(w-tw)/2:y=h-44:box=1:boxcolor=black@0.4:boxborderw=10`
    : '';
  const mp4 = join(outDir, 'video-demo.mp4');
  // prettier-ignore
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-loop', '1', '-framerate', '25', '-i', join(work, 'sky.png'),
    '-loop', '1', '-framerate', '25', '-i', join(work, 'sun.png'),
    '-loop', '1', '-framerate', '25', '-i', join(work, 'clouds.png'),
    '-loop', '1', '-framerate', '25', '-i', join(work, 'city.png'),
    '-filter_complex',
    "[0][1]overlay=x='40+t*70':y='150-t*22'[a];" +
      "[a][2]overlay=x='-t*30':y=0[b];" +
      `[b][3]overlay=x='-t*150':y=0,fade=t=in:st=0:d=0.4:color=black${caption},format=yuv420p[v]`,
    '-map', '[v]', '-t', '5', '-r', '25',
    '-c:v', 'libx264', '-profile:v', 'main', '-level', '3.1', '-preset', 'slow', '-crf', '28',
    '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an',
    mp4,
  ]);
  // The poster: the first frame after the fade-in, so it is not black.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '0.5', '-i', mp4, '-frames:v', '1', '-q:v', '5', join(outDir, 'video-demo.jpg')]);
}

// ---------------------------------------------------------------- the panoramas

const PW = 4096;
const PH = 2048;
const DEG = Math.PI / 180;
/** Longitude (degrees, -180..180, 0 = the view's start, facing the middle of the picture) to x. */
const lonX = (lon) => ((lon + 180) / 360) * PW;
/** Latitude (degrees, 90 = up) to y: the horizon is the middle row. */
const latY = (lat) => ((90 - lat) / 180) * PH;

/** Draws an element at x and again one full turn left and right, so the picture is seamless at its edges. */
const wrap = (draw) => [0, -PW, PW].map((dx) => `<g transform="translate(${dx} 0)">${draw}</g>`).join('');

/**
 * A 3-D polygon (viewer at the origin, eye level y=0, z ahead, x right) as an SVG path in the
 * equirectangular picture. Edges are subdivided so straight lines come out as the curves a
 * sphere shows; longitudes are unwrapped so a polygon across the back seam stays whole.
 */
function projectPath(points, steps = 48) {
  const out = [];
  let prevLon = null;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay, az] = points[i];
    const [bx, by, bz] = points[(i + 1) % points.length];
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const x = ax + (bx - ax) * t;
      const y = ay + (by - ay) * t;
      const z = az + (bz - az) * t;
      let lon = Math.atan2(x, z) / DEG;
      const lat = Math.atan2(y, Math.hypot(x, z)) / DEG;
      if (prevLon !== null) {
        while (lon - prevLon > 180) lon -= 360;
        while (lon - prevLon < -180) lon += 360;
      }
      prevLon = lon;
      out.push(`${r1(lonX(lon))} ${r1(latY(lat))}`);
    }
  }
  return `M${out.join('L')}Z`;
}
const poly3 = (points, fill, extra = '') => wrap(`<path d="${projectPath(points)}" fill="${fill}" ${extra}/>`);
/** A floor polygon round the viewer's feet: its outline runs all round, closed along the bottom edge (the nadir). */
function floorCap(points, fill, extra = '') {
  const d = projectPath(points, 96).slice(1, -1).split('L');
  const [x0] = d[0].split(' ');
  const [x1] = d[d.length - 1].split(' ');
  return wrap(`<path d="M${d.join('L')}L${x1} ${PH}L${x0} ${PH}Z" fill="${fill}" ${extra}/>`);
}
/** A straight 3-D line as the curve the sphere shows. */
const line3 = (p, q, stroke, width) => wrap(`<path d="${projectPath([p, q]).replace(/Z$/, '')}" fill="none" stroke="${stroke}" stroke-width="${width}"/>`);

/** An axis-aligned box's faces seen from the origin, far faces first. */
function box3([x0, y0, z0], [x1, y1, z1], colors) {
  const faces = [
    { pts: [[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], c: (z0 > 0 ? colors.front : colors.back) ?? colors.side, n: z0 > 0 },
    { pts: [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]], c: (z1 < 0 ? colors.front : colors.back) ?? colors.side, n: z1 < 0 },
    { pts: [[x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]], c: colors.side, n: x0 > 0 },
    { pts: [[x1, y0, z0], [x1, y0, z1], [x1, y1, z1], [x1, y1, z0]], c: colors.side, n: x1 < 0 },
    { pts: [[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], c: colors.top, n: y1 < 0 },
  ];
  return faces.filter((f) => f.n && f.c).map((f) => poly3(f.pts, f.c)).join('');
}

async function panoramaOutdoor() {
  const rand = rng(7101);
  const horizon = PH / 2;
  let body = `<defs>${linearGradient('sky', [[0, '#0d47a1'], [0.5, '#64b5f6'], [1, '#e3f2fd']])}${linearGradient('ground', [[0, '#b0bec5'], [1, '#78909c']])}${linearGradient('sea', [[0, '#4fc3f7'], [1, '#0277bd']])}</defs>
    <rect width="${PW}" height="${horizon}" fill="url(#sky)"/>
    <rect y="${horizon}" width="${PW}" height="${horizon}" fill="url(#ground)"/>`;
  // The sea behind the viewer (longitudes 120..240), reaching to the horizon, beyond a promenade rail.
  body += wrap(`<rect x="${lonX(120)}" y="${horizon}" width="${lonX(240) - lonX(120)}" height="${latY(-12) - horizon}" fill="url(#sea)"/>`);
  // The sun, stretched as latitude stretches it; clouds.
  const sunLat = 38;
  body += `<ellipse cx="${lonX(-62)}" cy="${latY(sunLat)}" rx="${r1(60 / Math.cos(sunLat * DEG))}" ry="60" fill="#fff9c4"/>`;
  for (let i = 0; i < 14; i++) {
    const lon = -180 + i * 25.7 + rand() * 10;
    const lat = 14 + rand() * 30;
    const k = 1 / Math.cos(lat * DEG);
    body += wrap(`<g fill="#fff" opacity=".8"><ellipse cx="${r1(lonX(lon))}" cy="${r1(latY(lat))}" rx="${r1(110 * k)}" ry="26"/><ellipse cx="${r1(lonX(lon) + 60 * k)}" cy="${r1(latY(lat) - 18)}" rx="${r1(70 * k)}" ry="28"/></g>`);
  }
  // Towers all round except over the sea: 3-D boxes standing on the ground (eye 1.6 m up).
  const eye = -1.6;
  let lon = -110;
  const towers = [];
  while (lon < 110) {
    const dist = 60 + rand() * 90;
    const width = 18 + rand() * 16;
    const height = 40 + rand() * 90;
    towers.push({ lon, dist, width, height, tone: ['#eceff1', '#fff8e1', '#e3f2fd', '#f3e5f5'][Math.floor(rand() * 4)] });
    lon += (width / dist) / DEG + 5 + rand() * 6;
  }
  towers.sort((a, b) => b.dist - a.dist);
  for (const t of towers) {
    const c = Math.cos(t.lon * DEG);
    const s = Math.sin(t.lon * DEG);
    // Local frame: the tower faces the viewer; corners rotated to its longitude.
    const rot = ([u, y, v]) => [u * c + v * s, y, -u * s + v * c];
    const half = t.width / 2;
    const near = t.dist;
    const far = t.dist + t.width;
    const front = [[-half, eye, near], [half, eye, near], [half, eye + t.height, near], [-half, eye + t.height, near]].map(rot);
    body += poly3(front, t.tone, 'stroke="#90a4ae" stroke-width="2"');
    const side = (t.lon > 0 ? [[-half, eye, near], [-half, eye, far], [-half, eye + t.height, far], [-half, eye + t.height, near]] : [[half, eye, near], [half, eye, far], [half, eye + t.height, far], [half, eye + t.height, near]]).map(rot);
    body += poly3(side, '#b0bec5');
    // Window bands on the front.
    for (let y = eye + 4; y < eye + t.height - 3; y += 4.5) {
      body += poly3([[-half + 2, y, near - 0.05], [half - 2, y, near - 0.05], [half - 2, y + 2, near - 0.05], [-half + 2, y + 2, near - 0.05]].map(rot), '#4fc3f7', 'opacity=".75"');
    }
    body += poly3([[-half - 1, eye + t.height, near - 0.1], [half + 1, eye + t.height, near - 0.1], [half + 1, eye + t.height + 1.5, near - 0.1], [-half - 1, eye + t.height + 1.5, near - 0.1]].map(rot), '#ff8a65');
  }
  // The plaza: rings round the viewer are parallels, paving joints toward the viewer are meridians.
  for (let r = 3; r <= 40; r *= 1.45) body += `<rect y="${r1(latY(-Math.atan2(1.6, r) / DEG))}" width="${PW}" height="5" fill="#eceff1" opacity=".6"/>`;
  for (let l = -180; l < 180; l += 15) body += `<rect x="${r1(lonX(l))}" y="${r1(latY(-Math.atan2(1.6, 40) / DEG))}" width="4" height="${PH}" fill="#eceff1" opacity=".45"/>`;
  // The promenade rail in front of the sea, a low wall 12 m away.
  body += wrap(`<rect x="${lonX(120)}" y="${r1(latY(-Math.atan2(0.6, 12) / DEG))}" width="${lonX(240) - lonX(120)}" height="14" fill="#fafafa"/>`);
  // A sign facing the start of the view.
  body += `<rect x="${lonX(-19)}" y="${latY(-4)}" width="${lonX(19) - lonX(-19)}" height="80" rx="40" fill="#000" opacity=".45"/>
    <text x="${lonX(0)}" y="${latY(-4) + 55}" font-size="44" fill="#fff" text-anchor="middle" font-family="WenQuanYi Zen Hei,Noto Sans CJK SC,sans-serif">VR 全景看房（演示）</text>`;
  // The poles: a solid cap so the zenith and nadir meet cleanly.
  body += `<rect width="${PW}" height="8" fill="#0d47a1"/><rect y="${PH - 8}" width="${PW}" height="8" fill="#78909c"/>`;
  await sharp(Buffer.from(svgDocument(PW, PH, body))).jpeg({ quality: 80, mozjpeg: true }).toFile(join(outDir, 'vr-panorama-01.jpg'));
}

async function panoramaIndoor() {
  // A 6 m x 5 m living room, the eye 1.5 m above the floor, the ceiling at 2.8 m.
  const a = 3; // half-width (x)
  const b = 2.5; // half-depth (z)
  const floor = -1.5;
  const ceil = 1.3;
  let body = `<defs>${linearGradient('view', [[0, '#81d4fa'], [0.62, '#e1f5fe'], [0.63, '#4fc3f7'], [1, '#0288d1']])}</defs><rect width="${PW}" height="${PH / 2}" fill="#fbfaf7"/><rect y="${PH / 2}" width="${PW}" height="${PH / 2}" fill="#b98a5e"/>`;
  // Walls: front (z=b), right (x=a), back (z=-b), left (x=-a), each its own tone so the corners read.
  const walls = [
    [[[-a, floor, b], [a, floor, b], [a, ceil, b], [-a, ceil, b]], '#f3ede2'],
    [[[a, floor, b], [a, floor, -b], [a, ceil, -b], [a, ceil, b]], '#e9e1d3'],
    [[[a, floor, -b], [-a, floor, -b], [-a, ceil, -b], [a, ceil, -b]], '#f0e8da'],
    [[[-a, floor, -b], [-a, floor, b], [-a, ceil, b], [-a, ceil, -b]], '#e6ddcd'],
  ];
  for (const [pts, fill] of walls) body += poly3(pts, fill);
  // The ceiling (top half) and the floor (bottom half) are painted first; the walls' edges against
  // them come out as the curves where they meet. Floor planks: lines along z, curves in the picture.
  for (let x = -a + 0.3; x < a; x += 0.3) if (Math.abs(x) > 0.05) body += line3([x, floor, -b], [x, floor, b], '#9c7049', 4);
  // Skirting and cornice.
  for (const [pts] of walls) {
    const [p0, p1] = pts;
    body += poly3([p0, p1, [p1[0], floor + 0.1, p1[2]], [p0[0], floor + 0.1, p0[2]]], '#fff');
    body += poly3([[p0[0], ceil - 0.08, p0[2]], [p1[0], ceil - 0.08, p1[2]], [p1[0], ceil, p1[2]], [p0[0], ceil, p0[2]]], '#fff');
  }
  // A wide window on the front wall, with the sea outside.
  const wz = b - 0.01;
  body += poly3([[-2, floor + 0.5, wz], [2, floor + 0.5, wz], [2, ceil - 0.3, wz], [-2, ceil - 0.3, wz]], '#fff');
  body += poly3([[-1.92, floor + 0.58, wz - 0.01], [1.92, floor + 0.58, wz - 0.01], [1.92, ceil - 0.38, wz - 0.01], [-1.92, ceil - 0.38, wz - 0.01]], 'url(#view)');
  for (const x of [-0.64, 0.64]) body += poly3([[x - 0.03, floor + 0.58, wz - 0.02], [x + 0.03, floor + 0.58, wz - 0.02], [x + 0.03, ceil - 0.38, wz - 0.02], [x - 0.03, ceil - 0.38, wz - 0.02]], '#fff');
  // A door on the left wall, a painting on the right wall, a TV wall on the back.
  const lx = -a + 0.01;
  body += poly3([[lx, floor, -1.6], [lx, floor, -0.6], [lx, floor + 2.1, -0.6], [lx, floor + 2.1, -1.6]], '#8d6e63');
  body += poly3([[lx + 0.01, floor + 1, -0.75], [lx + 0.01, floor + 1, -0.68], [lx + 0.01, floor + 1.05, -0.68], [lx + 0.01, floor + 1.05, -0.75]], '#ffd54f');
  const rx = a - 0.01;
  body += poly3([[rx, 0, -0.8], [rx, 0, 0.8], [rx, 0.9, 0.8], [rx, 0.9, -0.8]], '#5c6bc0');
  body += poly3([[rx - 0.01, 0.08, -0.7], [rx - 0.01, 0.08, 0.7], [rx - 0.01, 0.82, 0.7], [rx - 0.01, 0.82, -0.7]], '#ffb74d');
  const bz = -b + 0.01;
  body += poly3([[-1.8, floor + 0.1, bz], [1.8, floor + 0.1, bz], [1.8, ceil - 0.1, bz], [-1.8, ceil - 0.1, bz]], '#d7ccc8');
  body += poly3([[-0.9, -0.2, bz + 0.01], [0.9, -0.2, bz + 0.01], [0.9, 0.8, bz + 0.01], [-0.9, 0.8, bz + 0.01]], '#263238');
  // Furniture: a rug, a TV cabinet, a sofa under the window facing the TV, a coffee table.
  body += floorCap([[-1.6, floor, -1.2], [1.6, floor, -1.2], [1.6, floor, 1.2], [-1.6, floor, 1.2]], '#90a4ae', 'opacity=".55"');
  body += box3([-1.4, floor, -b + 0.05], [1.4, floor + 0.45, -b + 0.5], { front: '#6d4c41', side: '#5d4037', top: '#8d6e63' });
  body += box3([-1.4, floor, 1.6], [1.4, floor + 0.45, 2.4], { back: '#78909c', side: '#607d8b', top: '#90a4ae' });
  body += box3([-1.4, floor + 0.45, 2.15], [1.4, floor + 0.95, 2.4], { back: '#78909c', side: '#607d8b', top: '#90a4ae' });
  body += box3([-0.6, floor, 0.6], [0.6, floor + 0.42, 1.2], { front: '#a1887f', back: '#a1887f', side: '#8d6e63', top: '#d7ccc8' });
  // The ceiling light straight overhead: a disc round the zenith is a band along the top rows.
  body += `<rect width="${PW}" height="${r1(latY(Math.atan2(ceil, 0.45) / DEG))}" fill="#fffde7"/><rect y="${r1(latY(Math.atan2(ceil, 0.45) / DEG))}" width="${PW}" height="6" fill="#e0e0e0"/>`;
  // A sign above the TV, on the seam behind the start of the view: drawn on both edges.
  body += wrap(`<text x="${lonX(180)}" y="${r1(latY(16))}" font-size="50" fill="#5d4037" text-anchor="middle" font-family="WenQuanYi Zen Hei,Noto Sans CJK SC,sans-serif">样板间（演示）</text>`);
  await sharp(Buffer.from(svgDocument(PW, PH, body))).jpeg({ quality: 80, mozjpeg: true }).toFile(join(outDir, 'vr-panorama-02.jpg'));
}

try {
  await video();
  await panoramaOutdoor();
  await panoramaIndoor();
  for (const f of ['video-demo.mp4', 'video-demo.jpg', 'vr-panorama-01.jpg', 'vr-panorama-02.jpg']) {
    writeFileSync(1, `${f}: ${(statSync(join(outDir, f)).size / 1024).toFixed(1)} KB\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
