import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Window scroll positions by history entry (part 1, section 2: the index "restores the
 * scroll position"). react-router's ScrollRestoration restores on its own render, which can
 * come before a page's cached data is on screen; a page calls this with `ready` once its
 * content is laid out, so the position is applied to the full page.
 */
const MAX_ENTRIES = 50;
const positions = new Map<string, number>();

export function rememberScroll(key: string, y: number): void {
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > MAX_ENTRIES) {
    const oldest = positions.keys().next().value;
    if (oldest !== undefined) positions.delete(oldest);
  }
}

export function recallScroll(key: string): number | null {
  return positions.get(key) ?? null;
}

/** react-router's key of the history entry on screen; 'default' for the first entry. */
function historyEntryKey(): string {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'key' in state && typeof state.key === 'string') return state.key;
  return 'default';
}

/**
 * Remembers the window scroll of the entry `key` (react-router's `location.key`) while the
 * page is shown, and puts it back once `ready` when the user returns to the same entry.
 */
export function useScrollMemory(key: string, ready: boolean): void {
  const restoredFor = useRef<string | null>(null);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // The next page's own scroll-to-top fires after the history entry changed: not ours.
        if (historyEntryKey() === key) rememberScroll(key, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key]);

  useLayoutEffect(() => {
    if (!ready || restoredFor.current === key) return;
    restoredFor.current = key;
    const y = recallScroll(key);
    if (y !== null && y > 0) window.scrollTo(0, y);
  }, [key, ready]);
}

/**
 * The same for a list that scrolls inside its own box (antd-mobile's IndexBar body), found
 * by `selector` under `container`: part 2, section 2.5, the staff list keeps its position
 * when the user comes back from a staff member's reports. Scroll events do not bubble, so
 * the container listens in the capture phase; the box may be replaced (search, refetch).
 */
export function useElementScrollMemory(
  key: string,
  ready: boolean,
  container: RefObject<HTMLElement | null>,
  selector: string,
): void {
  const restoredFor = useRef<string | null>(null);
  const memoryKey = `element:${selector}:${key}`;

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const onScroll = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.matches(selector)) rememberScroll(memoryKey, target.scrollTop);
    };
    root.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => root.removeEventListener('scroll', onScroll, { capture: true });
  }, [container, selector, memoryKey]);

  useLayoutEffect(() => {
    if (!ready || restoredFor.current === key) return;
    const box = container.current?.querySelector<HTMLElement>(selector);
    if (!box) return;
    restoredFor.current = key;
    const y = recallScroll(memoryKey);
    if (y !== null && y > 0) box.scrollTop = y;
  }, [key, ready, container, selector, memoryKey]);
}
