import { vi } from 'vitest';

/**
 * How long `vi.waitFor` waits for its state when a test names no limit. Vitest's own second is
 * taken by a worker starved on a two-core machine busy with other work; a state that is there at
 * once is still seen at once, so the limit only catches a hang.
 */
export const WAIT_FOR_LIMIT_MS = 30_000;

// Run again before each file of a worker (`isolate: false`): vi's own waitFor is wrapped once.
const OWN_WAIT_FOR = Symbol.for('fm-test.wait-for');
const shared = vi as typeof vi & { [OWN_WAIT_FOR]?: typeof vi.waitFor };
shared[OWN_WAIT_FOR] ??= vi.waitFor;
const waitFor = shared[OWN_WAIT_FOR];
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number'
      ? { timeout: options }
      : { ...options, timeout: options?.timeout ?? WAIT_FOR_LIMIT_MS },
  )) as typeof vi.waitFor;
