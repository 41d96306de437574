/**
 * `task` run one at a time: a call made while it runs does not start another beside it, but has it
 * run once more when done, with the latest call's arguments (what changed meanwhile is seen), and
 * settles with that. Several calls meanwhile make one more run.
 */
export function oneAtATime<Args extends unknown[]>(
  task: (...args: Args) => Promise<void>,
): (...args: Args) => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Args | null = null;
  return (...args: Args) => {
    next = args;
    running ??= (async () => {
      while (next) {
        const now = next;
        next = null;
        await task(...now);
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
