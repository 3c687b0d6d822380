import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, createSecureStorage, type StorageLike } from './secure-storage';

function mapStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

// Node 20 exposes Web Crypto as globalThis.crypto, as browsers do.
const subtle = globalThis.crypto.subtle;

describe('secure storage', () => {
  it('round-trips JSON values and keeps them unreadable at rest', async () => {
    const storage = mapStorage();
    const secure = createSecureStorage({ storage, subtle });
    const value = { token: 'abc123', city: { text: '海口', value: 460100 } };
    await secure.set('session', value);

    const raw = storage.map.get('baobei:session');
    expect(raw).toMatch(/^g1\./);
    expect(raw).not.toContain('abc123');
    expect(raw).not.toContain('海口');
    expect(await secure.get('session')).toEqual(value);
  });

  it('draws a fresh IV for every write', async () => {
    const storage = mapStorage();
    const secure = createSecureStorage({ storage, subtle });
    await secure.set('token', 'same');
    const first = storage.map.get('baobei:token');
    await secure.set('token', 'same');
    expect(storage.map.get('baobei:token')).not.toBe(first);
  });

  it('answers null for a missing key and after remove', async () => {
    const secure = createSecureStorage({ storage: mapStorage(), subtle });
    expect(await secure.get('nothing')).toBeNull();
    await secure.set('token', 't');
    await secure.remove('token');
    expect(await secure.get('token')).toBeNull();
  });

  it('says at once whether anything is stored under a key', async () => {
    const secure = createSecureStorage({ storage: mapStorage(), subtle });
    expect(secure.has('token')).toBe(false);
    await secure.set('token', 'abc');
    expect(secure.has('token')).toBe(true);
    await secure.remove('token');
    expect(secure.has('token')).toBe(false);
  });

  it('drops a value once its expiry has passed', async () => {
    let now = 1_000_000;
    const storage = mapStorage();
    const secure = createSecureStorage({ storage, subtle, now: () => now });
    await secure.set('reportDraft', { remark: '草稿' }, { expiresAt: now + 20 * 60_000 });
    now += 19 * 60_000;
    expect(await secure.get('reportDraft')).toEqual({ remark: '草稿' });
    now += 2 * 60_000;
    expect(await secure.get('reportDraft')).toBeNull();
    expect(storage.map.has('baobei:reportDraft')).toBe(false);
  });

  it('rejects a value moved under another key or tampered with', async () => {
    const storage = mapStorage();
    const secure = createSecureStorage({ storage, subtle });
    await secure.set('token', 'secret-token');
    storage.map.set('baobei:other', storage.map.get('baobei:token')!);
    expect(await secure.get('other')).toBeNull();

    const [prefix, iv, data] = storage.map.get('baobei:token')!.split('.');
    const bytes = base64ToBytes(data!);
    bytes[0] = bytes[0]! ^ 1;
    storage.map.set('baobei:token', `${prefix}.${iv}.${bytesToBase64(bytes)}`);
    expect(await secure.get('token')).toBeNull();
  });

  it('keeps writes and removes of one key in order', async () => {
    const secure = createSecureStorage({ storage: mapStorage(), subtle });
    const set = secure.set('token', 'late');
    const removed = secure.remove('token');
    await Promise.all([set, removed]);
    expect(await secure.get('token')).toBeNull();
  });

  it('still works without Web Crypto (plain-http LAN address)', async () => {
    const storage = mapStorage();
    const secure = createSecureStorage({ storage, subtle: undefined });
    await secure.set('token', 'tok');
    expect(storage.map.get('baobei:token')).toMatch(/^p1\./);
    expect(await secure.get('token')).toBe('tok');
  });

  it('keeps a value for the page when the storage refuses it', async () => {
    const storage = mapStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const secure = createSecureStorage({ storage, subtle });
    await secure.set('reportDraft', [1, 2, 3]);
    expect(await secure.get('reportDraft')).toEqual([1, 2, 3]);
  });
});
