import { vi } from 'vitest';

/** Answers every fetch with one page of `rows`, as the rows call (call 22) does. */
export function answerRows(rows: readonly object[]): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: rows, last_page: 1, total: rows.length }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}
