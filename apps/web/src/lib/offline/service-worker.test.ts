import { describe, expect, it, vi } from 'vitest';
import { startUpdateFlow, type WorkboxLike } from './service-worker';

/** A Workbox whose events the test fires. */
function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>();
  const workbox: WorkboxLike & { fire(type: string): void } = {
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => undefined),
    fire: (type) => listeners.get(type)?.forEach((l) => l()),
  };
  return workbox;
}

describe('the 有新版本 flow (decision 094)', () => {
  it('registers, shows the prompt when a new worker waits, and takes it over only on 刷新, reloading once it controls', async () => {
    const workbox = fakeWorkbox();
    const prompt = vi.fn<(apply: () => void) => void>();
    const reload = vi.fn();
    await startUpdateFlow({ workbox, prompt, reload });
    expect(workbox.register).toHaveBeenCalledOnce();
    expect(prompt).not.toHaveBeenCalled();

    workbox.fire('waiting');
    expect(prompt).toHaveBeenCalledOnce();
    // 稍后 or nothing tapped: the new worker keeps waiting, the page stays on its version.
    workbox.fire('controlling');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    // 刷新: the waiting worker is told to take over; the page reloads when it controls.
    prompt.mock.calls[0]![0]();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });
});
