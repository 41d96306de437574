import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay } from '../../src/core/delay';

afterEach(() => {
  vi.useRealTimers();
});

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('delay', () => {
  it('resolves after the given time, not before', async () => {
    vi.useFakeTimers();
    const waiting = delay(2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('resolves at once when its signal aborts, and clears its timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const waiting = delay(2000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    expect(await settled(waiting)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait at all on a signal already aborted', async () => {
    vi.useFakeTimers();
    const waiting = delay(2000, AbortSignal.abort());
    expect(vi.getTimerCount()).toBe(0);
    expect(await settled(waiting)).toBe(true);
  });
});
