import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@baobei/shared/messages';
import { city } from '../../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { distanceKm } from './city-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const locate = (latitude: number, longitude: number, host: string = HOSTS.localhost) =>
  t.call({ method: 'GET', url: `/api/index/get-city-by-location?latitude=${latitude}&longitude=${longitude}`, host });

describe('distanceKm', () => {
  it('measures great-circle distance (Haikou to Sanya is about 200 km)', () => {
    const km = distanceKm({ latitude: 20.044, longitude: 110.1983 }, { latitude: 18.2528, longitude: 109.5119 });
    expect(km).toBeGreaterThan(200);
    expect(km).toBeLessThan(220);
    expect(distanceKm({ latitude: 1, longitude: 2 }, { latitude: 1, longitude: 2 })).toBe(0);
  });
});

describe('city calls', () => {
  it('serves the company’s city tree to anyone', async () => {
    const res = await t.call({ method: 'GET', url: '/api/publicapi/get-city' });
    expect(res.statusCode).toBe(200);
    const tree = res.json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ text: '海南省', children: expect.any(Array) });
    expect(tree[0].children[0]).toMatchObject({ text: '海口', children: null });
    expect(tree[0].children).toHaveLength(18);
    const other = (await t.call({ method: 'GET', url: '/api/publicapi/get-city', host: HOSTS.second })).json().data;
    expect(other[0].value).not.toBe(tree[0].value);
  });

  it('finds the nearest city to a position', async () => {
    const sanya = await locate(18.3, 109.55);
    expect(sanya.statusCode).toBe(200);
    expect(sanya.json().data).toMatchObject({ text: '三亚', pid: expect.any(Number) });
    // Sanya's Yalong Bay, Haikou's Meilan airport, Boao (Qionghai).
    expect((await locate(18.23, 109.64)).json().data.text).toBe('三亚');
    expect((await locate(19.94, 110.46)).json().data.text).toBe('海口');
    expect((await locate(19.15, 110.57)).json().data.text).toBe('琼海');
    // Far away still answers with the nearest city of the company.
    expect((await locate(39.9, 116.4)).statusCode).toBe(200);
  });

  it('refuses malformed coordinates', async () => {
    expect((await locate(91, 110)).statusCode).toBe(400);
    const res = await t.call({ method: 'GET', url: '/api/index/get-city-by-location?latitude=abc&longitude=110' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 when no city of the company has a centre', async () => {
    const secondId = await t.companyIdOf(HOSTS.second);
    await t.database.db.update(city).set({ latitude: null, longitude: null }).where(eq(city.companyId, secondId));
    const res = await locate(18.3, 109.55, HOSTS.second);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(messages.locate.noCity);
    expect((await locate(18.3, 109.55)).statusCode).toBe(200);
  });
});
