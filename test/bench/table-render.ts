/**
 * docs/benchmark.md: `fm-data-table` with 10,000 local rows, first render, against raw Tabulator
 * (the same registered modules, the same rows and paging) in the same browser and run; ratio ≤ 1.2.
 *
 * Both pages load dist/fm-widgets.css. Each side renders TABLE_RUNS times after a warm-up (code
 * loaded and compiled), in three alternating rounds; the time runs from creating the table until its
 * first row is in the document. The fastest run of each side counts: on a shared machine the
 * slower ones measure the neighbours.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { rollup } from 'rollup';
import { productionPlugins } from '../../rollup.config.mjs';
import { serveStatic } from './static-server';

export const TABLE_ROWS = 10_000; // docs/benchmark.md
export const TABLE_RATIO_BUDGET = 1.2; // docs/benchmark.md
const TABLE_RUNS = 15;

export interface TableRenderResult {
  elementMs: number;
  rawMs: number;
  ratio: number;
  ok: boolean;
}

/** The rows and columns both sides render, as page-side source. */
const PAGE_SETUP = `
const COLUMNS = [
  { field: 'id', title: 'Job' },
  { field: 'site', title: 'Site' },
  { field: 'description', title: 'Description' },
  { field: 'status', title: 'Status' },
  { field: 'total', title: 'Total' },
];
const SITES = ['Leeds Briggate', 'York Coney Street', 'Sheffield Fargate', 'Wakefield DC'];
const rows = Array.from({ length: ${TABLE_ROWS} }, (_, i) => ({
  id: 100000 + i,
  site: SITES[i % 4],
  description: 'Air handling unit tripping on high pressure ' + i,
  status: i % 3 ? 'Complete' : 'Released',
  total: (i * 7.31) % 5000,
}));
const firstRow = (root) => new Promise((done) => {
  if (root.querySelector('.tabulator-row')) return done();
  const watch = new MutationObserver(() => {
    if (root.querySelector('.tabulator-row')) { watch.disconnect(); done(); }
  });
  watch.observe(root, { childList: true, subtree: true });
});
const pause = () => new Promise((done) => setTimeout(done, 50));
`;

const ELEMENT_PAGE = `<!doctype html><html lang="en"><title>fm-data-table</title>
<link rel="stylesheet" href="/dist/fm-widgets.css">
<script type="module" src="/dist/fm-widgets.js"></script>
<main></main>
<script type="module">
${PAGE_SETUP}
window.measure = async (runs) => {
  const main = document.querySelector('main');
  const render = async (data) => {
    const start = performance.now();
    const element = document.createElement('fm-data-table');
    element.columns = COLUMNS.map((column) => ({ ...column, kind: column.field === 'total' ? 'money' : 'text' }));
    element.rows = data;
    main.append(element);
    await firstRow(element);
    const time = performance.now() - start;
    element.remove();
    await pause();
    return time;
  };
  await render(rows.slice(0, 10));
  await customElements.whenDefined('fm-data-table');
  await render(rows);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await render(rows));
  return times;
};
</script></html>`;

const RAW_PAGE = `<!doctype html><html lang="en"><title>raw Tabulator</title>
<link rel="stylesheet" href="/dist/fm-widgets.css">
<script type="module" src="/raw.js"></script>
<main></main>
<script type="module">
${PAGE_SETUP}
window.measure = async (runs) => {
  const main = document.querySelector('main');
  const render = async (data) => {
    const start = performance.now();
    const holder = document.createElement('div');
    main.append(holder);
    const table = new window.Tabulator(holder, {
      columns: COLUMNS,
      data: [...data],
      layout: 'fitDataFill',
      pagination: true,
      paginationSize: 100,
    });
    await firstRow(holder);
    const time = performance.now() - start;
    await new Promise((done) => (table.initialized ? done() : table.on('tableBuilt', done)));
    table.destroy();
    holder.remove();
    await pause();
    return time;
  };
  while (!window.Tabulator) await pause();
  await render(rows.slice(0, 10));
  await render(rows);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await render(rows));
  return times;
};
</script></html>`;

/** Raw Tabulator with exactly our registered modules (src/ui/tabulator.ts), as window.Tabulator. */
async function buildRaw(dir: string): Promise<void> {
  const entry = join(process.cwd(), 'bench-results', 'raw-tabulator-entry.ts');
  writeFileSync(
    entry,
    "import { Tabulator } from '../src/ui/tabulator';\n(window as unknown as { Tabulator: unknown }).Tabulator = Tabulator;\n",
  );
  const bundle = await rollup({ input: entry, plugins: productionPlugins(), onwarn: () => {} });
  await bundle.write({ file: join(dir, 'raw.js'), format: 'es' });
  await bundle.close();
}

export async function tableRenderBench(browser: Browser, work: string): Promise<TableRenderResult> {
  const dir = join(work, 'table-bench');
  cpSync('dist', join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'element.html'), ELEMENT_PAGE);
  writeFileSync(join(dir, 'raw.html'), RAW_PAGE);
  await buildRaw(dir);
  const site = await serveStatic(dir);
  try {
    const measure = async (path: string) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${site.url}${path}`);
      await page.waitForFunction(() => 'measure' in window);
      const times = await page.evaluate(
        (runs) => (window as unknown as { measure(n: number): Promise<number[]> }).measure(runs),
        TABLE_RUNS,
      );
      await page.close();
      return Math.min(...times);
    };
    // Alternate, so a slow moment of the machine does not fall on one side only.
    const element: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < 3; round++) {
      raw.push(await measure('/raw.html'));
      element.push(await measure('/element.html'));
    }
    const elementMs = Math.min(...element);
    const rawMs = Math.min(...raw);
    const ratio = elementMs / rawMs;
    return { elementMs, rawMs, ratio, ok: ratio <= TABLE_RATIO_BUDGET };
  } finally {
    await site.close();
  }
}
