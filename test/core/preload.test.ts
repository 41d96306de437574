import { afterEach, describe, expect, it, vi } from 'vitest';
import { withPreloads } from '../../src/core/preload';

const BASE = 'https://cdn.example/dist/fm-widgets.js';
/** Aligned with each test's registry: fm-dashboard-tile, fm-data-table, then fm-flash. */
const TABLE = {
  files: ['chunks/react-A1.js', 'chunks/api-B2.js', 'chunks/Table-C3.js'],
  tags: ['01', '012', ''],
};

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => link.href,
  );

afterEach(() => {
  document.head.innerHTML = '';
});

describe('withPreloads', () => {
  it("starts every file of a tag's chunk before importing the chunk, relative to the loader", async () => {
    const order: string[] = [];
    const tile = vi.fn(async () => {
      order.push(`import with ${preloaded().length} preloads`);
      return {};
    });
    const registry = withPreloads({ 'fm-dashboard-tile': tile }, TABLE, BASE);

    await registry['fm-dashboard-tile']?.();

    expect(preloaded()).toEqual([
      'https://cdn.example/dist/chunks/react-A1.js',
      'https://cdn.example/dist/chunks/api-B2.js',
    ]);
    expect(order).toEqual(['import with 2 preloads']);
  });

  it('asks once for a file two tags share, and never for one the host page already preloads', async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/dist/chunks/react-A1.js">';
    const registry = withPreloads(
      { 'fm-dashboard-tile': async () => ({}), 'fm-data-table': async () => ({}) },
      TABLE,
      `${location.origin}/dist/fm-widgets.js`,
    );

    await registry['fm-dashboard-tile']?.();
    await registry['fm-data-table']?.();

    expect(preloaded()).toEqual([
      `${location.origin}/dist/chunks/react-A1.js`,
      `${location.origin}/dist/chunks/api-B2.js`,
      `${location.origin}/dist/chunks/Table-C3.js`,
    ]);
  });

  it('imports a tag with no table entry, or no dependencies, without preloading anything', async () => {
    const flash = vi.fn(async () => ({}));
    const nav = vi.fn(async () => ({}));
    const registry = withPreloads(
      { 'fm-flash': flash, 'fm-nav': nav },
      { files: TABLE.files, tags: [''] },
      BASE,
    );

    await registry['fm-flash']?.();
    await registry['fm-nav']?.();

    expect(flash).toHaveBeenCalledTimes(1);
    expect(nav).toHaveBeenCalledTimes(1);
    expect(preloaded()).toEqual([]);
  });

  it('passes a failed import on to the loader, which reports it', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const registry = withPreloads(
      { 'fm-dashboard-tile': async () => ({}), 'fm-data-table': () => Promise.reject(failure) },
      TABLE,
      BASE,
    );
    await expect(registry['fm-data-table']?.()).rejects.toBe(failure);
  });
});
