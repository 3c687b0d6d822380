/**
 * Encrypted local storage (part 1, section 9: "local data is stored encrypted with a fixed
 * symmetric key"). DECISIONS.md: AES-GCM with Web Crypto under a fixed application key. The
 * key ships in the bundle, so this only hides casual reading of localStorage; nothing secret
 * relies on it (the session token is revocable and expires on the server).
 *
 * Stored value: `g1.<base64 iv>.<base64 ciphertext>`; the plaintext is `{ v, e }` (value,
 * expiry in epoch ms or null). The storage key is bound as additional data, so a value copied
 * under another key does not decrypt. Each write draws a fresh 96-bit IV.
 */

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SetOptions {
  /** After this moment `get` answers null and drops the value (e.g. the 20-minute report draft). */
  expiresAt?: number | Date;
}

export interface SecureStorage {
  get<T>(key: string): Promise<T | null>;
  /** Whether anything is stored under the key, at once (without decrypting it: it may still read as null). */
  has(key: string): boolean;
  set<T>(key: string, value: T, options?: SetOptions): Promise<void>;
  remove(key: string): Promise<void>;
}

interface Envelope<T> {
  v: T;
  e: number | null;
}

const NAMESPACE = 'baobei:';
const CIPHER_PREFIX = 'g1.';
/** Used only where Web Crypto is missing (plain http on a LAN address is not a secure context). */
const PLAIN_PREFIX = 'p1.';
/** The fixed application key material; hashed to 256 bits at first use. */
const KEY_SEED = 'baobei/local-storage/aes-gcm/v1:5f3c9a7e21d84b06';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    const probe = `${NAMESPACE}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    // Private modes and some in-app browsers refuse localStorage; keep the session in memory.
    return memoryStorage();
  }
}

export interface SecureStorageDeps {
  storage?: StorageLike;
  /** `crypto.subtle`; undefined outside secure contexts. */
  subtle?: SubtleCrypto;
  now?: () => number;
}

export function createSecureStorage(deps: SecureStorageDeps = {}): SecureStorage {
  let storage: StorageLike | undefined = deps.storage; // resolved at first use
  const subtle = 'subtle' in deps ? deps.subtle : globalThis.crypto?.subtle;
  const now = deps.now ?? Date.now;
  let keyPromise: Promise<CryptoKey> | null = null;
  /** Operations on one key run in order, so a `remove` is never overtaken by an earlier `set`. */
  const queues = new Map<string, Promise<unknown>>();

  /** Values that the storage refused (quota); they live for this page only. */
  const overlay = new Map<string, string>();

  const store = (): StorageLike => (storage ??= defaultStorage());

  function drop(name: string): void {
    overlay.delete(name);
    try {
      store().removeItem(NAMESPACE + name);
    } catch {
      // nothing stored there to remove
    }
  }

  function key(): Promise<CryptoKey> {
    if (!subtle) return Promise.reject(new Error('Web Crypto is unavailable'));
    keyPromise ??= subtle
      .digest('SHA-256', encoder.encode(KEY_SEED))
      .then((raw) => subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']));
    return keyPromise;
  }

  function enqueue<R>(name: string, op: () => Promise<R>): Promise<R> {
    const previous = queues.get(name) ?? Promise.resolve();
    const next = previous.then(op, op);
    const settled = next.catch(() => undefined);
    queues.set(name, settled);
    void settled.then(() => {
      if (queues.get(name) === settled) queues.delete(name);
    });
    return next;
  }

  async function encode(name: string, plain: string): Promise<string> {
    if (!subtle) return PLAIN_PREFIX + bytesToBase64(encoder.encode(plain));
    const iv = new Uint8Array(12);
    globalThis.crypto.getRandomValues(iv);
    const cipher = await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(name) },
      await key(),
      encoder.encode(plain),
    );
    return `${CIPHER_PREFIX}${bytesToBase64(iv)}.${bytesToBase64(new Uint8Array(cipher))}`;
  }

  async function decode(name: string, stored: string): Promise<string> {
    if (stored.startsWith(PLAIN_PREFIX)) return decoder.decode(base64ToBytes(stored.slice(PLAIN_PREFIX.length)));
    if (!stored.startsWith(CIPHER_PREFIX) || !subtle) throw new Error('unreadable value');
    const [iv, data] = stored.slice(CIPHER_PREFIX.length).split('.');
    if (!iv || !data) throw new Error('malformed value');
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: base64ToBytes(iv), additionalData: encoder.encode(name) },
      await key(),
      base64ToBytes(data),
    );
    return decoder.decode(plain);
  }

  return {
    get<T>(name: string) {
      return enqueue(name, async (): Promise<T | null> => {
        const stored = overlay.get(name) ?? store().getItem(NAMESPACE + name);
        if (stored === null) return null;
        try {
          const envelope = JSON.parse(await decode(name, stored)) as Envelope<T>;
          if (envelope.e !== null && envelope.e <= now()) {
            drop(name);
            return null;
          }
          return envelope.v;
        } catch {
          // Tampered, written under another key, or from an older format: treat as absent.
          drop(name);
          return null;
        }
      });
    },
    has(name: string) {
      if (overlay.has(name)) return true;
      try {
        return store().getItem(NAMESPACE + name) !== null;
      } catch {
        return false;
      }
    },
    set<T>(name: string, value: T, options: SetOptions = {}) {
      return enqueue(name, async () => {
        const expiresAt = options.expiresAt === undefined ? null : +options.expiresAt;
        const envelope: Envelope<T> = { v: value, e: expiresAt };
        const encoded = await encode(name, JSON.stringify(envelope));
        try {
          store().setItem(NAMESPACE + name, encoded);
          overlay.delete(name);
        } catch {
          // Quota exceeded: the value lives for this page only.
          drop(name);
          overlay.set(name, encoded);
        }
      });
    },
    remove(name: string) {
      return enqueue(name, async () => drop(name));
    },
  };
}

/** The app's one instance, on localStorage. */
export const secureStorage = createSecureStorage();

/** The names under which the app keeps its local data. */
export const STORAGE_KEYS = {
  token: 'token',
  currentCity: 'currentCity',
  reportDraft: 'reportDraft',
  /** The signed-in start's answer, for a start without a network (docs/decisions/094). */
  offlineSession: 'offlineSession',
} as const;
