import { isApiError } from '../api-error';
import { secureStorage } from '../secure-storage';

/**
 * The signed-in user's last answers of a few pages, kept on the device (docs/decisions/094, the
 * app without a network): shown when a page opens without a network, never sent anywhere. The
 * service worker keeps no answer with personal data; these are the user's own, in the app's
 * encrypted storage, and go with a logout or another user's sign-in (`forgetKeptAnswers`).
 */
export interface Kept<T> {
  /** When the answer was read from the server (epoch ms). */
  savedAt: number;
  data: T;
}

/** At most this many, the most recently read: a user's tabs of the report lists, listings, details. */
const MAX_KEPT = 40;
/** Older than this, a kept answer is dropped rather than shown. */
const KEEP_FOR_MS = 7 * 24 * 3600 * 1000;
const INDEX = 'kept:index';

const keyOf = (uid: number, name: string) => `kept:${uid}:${name}`;

async function index(): Promise<string[]> {
  return (await secureStorage.get<string[]>(INDEX)) ?? [];
}

export async function keepAnswer<T>(uid: number, name: string, data: T, now = Date.now()): Promise<void> {
  const key = keyOf(uid, name);
  const keys = [key, ...(await index()).filter((k) => k !== key)];
  await Promise.all(keys.slice(MAX_KEPT).map((k) => secureStorage.remove(k)));
  await secureStorage.set<Kept<T>>(key, { savedAt: now, data }, { expiresAt: now + KEEP_FOR_MS });
  await secureStorage.set(INDEX, keys.slice(0, MAX_KEPT));
}

export function keptAnswer<T>(uid: number, name: string): Promise<Kept<T> | null> {
  return secureStorage.get<Kept<T>>(keyOf(uid, name));
}

/** Every kept answer, whoever's: a logout, an expired session, another user's sign-in. */
export async function forgetKeptAnswers(): Promise<void> {
  const keys = await index();
  await Promise.all([...keys.map((k) => secureStorage.remove(k)), secureStorage.remove(INDEX)]);
}

/** An answer read from the device instead of the server carries when it was read. */
export type MaybeKept<T> = T & { keptAt?: number };

/**
 * Reads `name` from the server and keeps the answer for user `uid` (the session's `keptUid`: a
 * visitor is 0); when the server cannot be reached (no answer at all, code 0), answers the kept
 * one instead, with `keptAt`. `name` null: neither kept nor looked for (a search, a later page).
 */
export async function readKeeping<T extends object>(uid: number, name: string | null, read: () => Promise<T>): Promise<MaybeKept<T>> {
  try {
    const answer = await read();
    if (name) void keepAnswer(uid, name, answer);
    return answer;
  } catch (error) {
    const last = name && isApiError(error) && error.code === 0 ? await keptAnswer<T>(uid, name) : null;
    if (last) return { ...last.data, keptAt: last.savedAt };
    throw error;
  }
}

/** A list's first page the same way; read from the device, it has no page after it (a cursor would read the server's list). */
export async function readKeepingFirstPage<T extends { nextCursor: string | null }>(uid: number, name: string | null, read: () => Promise<T>): Promise<MaybeKept<T>> {
  const answer = await readKeeping(uid, name, read);
  return answer.keptAt === undefined ? answer : { ...answer, nextCursor: null };
}
