import type { CustomerInput } from '@baobei/shared/schemas/record';
import type { draftToSubmit, ReportDraft } from '../report-draft';

/** The report submit's body, as the form made it when it first sent it. */
type ReportBody = ReturnType<typeof draftToSubmit>;
import { secureStorage } from '../secure-storage';
import { retryDelay } from './outbox-rules';
import { create } from 'zustand';

/**
 * The outbox (issue 33, item 5; docs/decisions/094): the report submits, customer adds and
 * feedback that found no network, kept encrypted on the device per user (`outbox.<uid>`), each
 * with the Idempotency-Key of its first try, until the server answers. Another user signed in
 * on the same phone reads and sends only their own.
 */
export type OutboxState = 'waiting' | 'sending' | 'refused';

interface OutboxBase {
  id: string;
  /** The Idempotency-Key of the first try: every retry sends it, so nothing is created twice. */
  key: string;
  savedAt: number;
  state: OutboxState;
  attempts: number;
  /** No try before this moment (epoch ms) but on the network's return or a tap. */
  nextAt: number;
  /** The server's message when it refused the data. */
  error: string | null;
}

export type OutboxItem =
  | (OutboxBase & { kind: 'report'; draft: ReportDraft; body: ReportBody })
  | (OutboxBase & { kind: 'customer'; input: CustomerInput })
  | (OutboxBase & { kind: 'feedback'; input: { content: string } });

export type OutboxKind = OutboxItem['kind'];

/** The signed-in user's outbox in memory. */
export const useOutbox = create<{ uid: number | null; items: OutboxItem[] }>()(() => ({ uid: null, items: [] }));

/** The badge's number: what has not gone out yet, refused items included (they need the user). */
export function selectOutboxCount(state: { items: readonly unknown[] }): number {
  return state.items.length;
}

/** What a form hands over: the data and the key it first sent. */
export type NewOutboxItem =
  | { kind: 'report'; key: string; draft: ReportDraft; body: ReportBody }
  | { kind: 'customer'; key: string; input: CustomerInput }
  | { kind: 'feedback'; key: string; input: { content: string } };


const storageKey = (uid: number) => `outbox.${uid}`;

function persist(uid: number, items: OutboxItem[]): Promise<void> {
  return items.length ? secureStorage.set(storageKey(uid), items) : secureStorage.remove(storageKey(uid));
}

/** The signed-in user's outbox (none signed in: empty). A send cut short by a reload is waiting again. */
export async function loadOutbox(uid: number | null): Promise<void> {
  useOutbox.setState({ uid, items: [] });
  if (uid === null) return;
  const stored = (await secureStorage.get<OutboxItem[]>(storageKey(uid))) ?? [];
  if (useOutbox.getState().uid !== uid) return;
  const items = stored.map((item) => (item.state === 'sending' ? { ...item, state: 'waiting' as const } : item));
  useOutbox.setState({ items });
}

function change(uid: number, update: (items: OutboxItem[]) => OutboxItem[]): Promise<void> {
  const current = useOutbox.getState();
  // The user changed meanwhile: the other user's outbox is not touched.
  if (current.uid !== uid) return Promise.resolve();
  const items = update(current.items);
  useOutbox.setState({ items });
  return persist(uid, items);
}

let sequence = 0;

/** Keeps an item for the signed-in user; false when no one is signed in (nothing is kept). */
export async function addToOutbox(item: NewOutboxItem, now = Date.now()): Promise<boolean> {
  const { uid } = useOutbox.getState();
  if (uid === null) return false;
  sequence += 1;
  const kept = { ...item, id: `${now}-${sequence}`, savedAt: now, state: 'waiting', attempts: 1, nextAt: now + retryDelay(1), error: null } as OutboxItem;
  await change(uid, (items) => [...items, kept]);
  return true;
}

export function updateOutboxItem(uid: number, id: string, patch: Partial<OutboxBase>): Promise<void> {
  return change(uid, (items) => items.map((item) => (item.id === id ? ({ ...item, ...patch } as OutboxItem) : item)));
}

export function removeOutboxItem(uid: number, id: string): Promise<void> {
  return change(uid, (items) => items.filter((item) => item.id !== id));
}

