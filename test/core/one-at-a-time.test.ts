import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../src/core/one-at-a-time';

/** A promise the test settles when it chooses. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('oneAtATime', () => {
  it('runs one at a time; calls made meanwhile make one more run, with the latest arguments', async () => {
    const runs: string[] = [];
    const first = gate();
    const send = oneAtATime(async (what: string) => {
      runs.push(`start ${what}`);
      if (what === 'a') await first.opened;
      runs.push(`end ${what}`);
    });
    const a = send('a');
    const b = send('b');
    const c = send('c');
    expect(runs).toEqual(['start a']);
    first.open();
    await Promise.all([a, b, c]);
    expect(runs).toEqual(['start a', 'end a', 'start c', 'end c']);

    // Idle again: the next call runs at once.
    await send('d');
    expect(runs.slice(4)).toEqual(['start d', 'end d']);
  });

  it('a failed run settles its callers with the failure, and the next call runs afresh', async () => {
    const send = oneAtATime(async (fail: boolean) => {
      if (fail) throw new Error('no signal');
    });
    await expect(send(true)).rejects.toThrow('no signal');
    await expect(send(false)).resolves.toBeUndefined();
  });
});
