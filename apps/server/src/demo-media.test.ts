import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import type { Database } from './db/client';
import { VIDEO_DEMO, VIDEO_DEMO_POSTER, VR_PANORAMAS } from './db/seed/assets';
import { openTestDatabase } from './test/test-database';

const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/demo');

/** The demo's real video and panoramas are served as media players need them. */
describe('demo media at /assets/demo/', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig(), database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('serves the MP4 as video/mp4 and answers a Range request with 206 and the asked bytes', async () => {
    const size = statSync(path.join(assetsDir, path.basename(VIDEO_DEMO))).size;
    const whole = await app.inject({ method: 'GET', url: VIDEO_DEMO });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(size);

    const part = await app.inject({ method: 'GET', url: VIDEO_DEMO, headers: { range: 'bytes=0-1023' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${size}`);
    expect(part.rawPayload.length).toBe(1024);
    // +faststart: the index (moov) comes before the media data, so playback starts at once.
    const head = part.rawPayload.toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));

    const tail = await app.inject({ method: 'GET', url: VIDEO_DEMO, headers: { range: `bytes=${size - 100}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(100);
  });

  it('serves the poster and the panoramas as JPEG, each small', async () => {
    for (const url of [VIDEO_DEMO_POSTER, ...VR_PANORAMAS]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/jpeg');
      expect(res.rawPayload.length, url).toBeLessThan(600 * 1024);
    }
    expect(statSync(path.join(assetsDir, path.basename(VIDEO_DEMO))).size).toBeLessThan(300 * 1024);
  });
});
