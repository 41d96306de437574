import { describe, expect, it, vi } from 'vitest';
import { withPreloads } from '../../src/loader/preload';

const BASE = 'https://cdn.example/dist/chunks/fm-widgets-X1.js';
/** Aligned with each test's registry: fm-dashboard-tile, fm-data-table, then fm-flash. */
const TABLE = {
  files: ['runtime-A1.js', 'api-B2.js', 'Table-C3.js'],
  tags: ['01', '012', ''],
};

/** A page that is parsed and styled only when the test says so. */
function page() {
  let styled: (value?: unknown) => void = () => {};
  const ready = new Promise((resolve) => {
    styled = resolve;
  });
  return { ready, styled };
}

describe('withPreloads', () => {
  it("starts every file of a tag's chunk at once, and the chunk itself once the page is styled", async () => {
    const { ready, styled } = page();
    const started: string[] = [];
    const start = vi.fn(async (url: string) => void started.push(url));
    const tile = vi.fn(async () => ({}));
    const registry = withPreloads({ 'fm-dashboard-tile': tile }, TABLE, BASE, ready, start);

    const imported = registry['fm-dashboard-tile']?.();

    expect(started).toEqual([
      'https://cdn.example/dist/chunks/runtime-A1.js',
      'https://cdn.example/dist/chunks/api-B2.js',
    ]);
    await Promise.resolve();
    expect(tile).not.toHaveBeenCalled();
    styled();
    await imported;
    expect(tile).toHaveBeenCalledTimes(1);
  });

  it('imports a tag with no table entry, or no dependencies, starting nothing else', async () => {
    const start = vi.fn(async () => ({}));
    const flash = vi.fn(async () => ({}));
    const nav = vi.fn(async () => ({}));
    const registry = withPreloads(
      { 'fm-flash': flash, 'fm-nav': nav },
      { files: TABLE.files, tags: [''] },
      BASE,
      Promise.resolve(),
      start,
    );

    await registry['fm-flash']?.();
    await registry['fm-nav']?.();

    expect(flash).toHaveBeenCalledTimes(1);
    expect(nav).toHaveBeenCalledTimes(1);
    expect(start).not.toHaveBeenCalled();
  });

  it("passes a failed import on to the loader, which reports it; a shared file's failure is its", async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const start = vi.fn(() => Promise.reject(new TypeError('Failed to fetch runtime-A1.js')));
    const registry = withPreloads(
      { 'fm-dashboard-tile': async () => ({}), 'fm-data-table': () => Promise.reject(failure) },
      TABLE,
      BASE,
      Promise.resolve(),
      start,
    );
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await expect(registry['fm-data-table']?.()).rejects.toBe(failure);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(start).toHaveBeenCalledTimes(3);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
