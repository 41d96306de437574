import type { Db } from '../db';
import { TABLES } from './tables';

// Hostile text for the test-mode hostile run: what a legacy database or a careless
// host could hand the widgets. Every payload that could run sets `window.__pwned` (or opens an
// alert), so a browser test sees at once whether one ran.

/** Characters that turn text right to left, or hide in it. */
const BIDI_AND_ZERO_WIDTH = '\u202Eevil.exe\u202C \u200B\u200C\u200D\uFEFF\u2066x\u2069';

/** 10 kB without a space: a word no line can break by itself. */
export const LONG_PAYLOAD = 'W'.repeat(10_240);

export const PAYLOADS: readonly string[] = [
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload="window.__pwned=2">',
  "'><img src=x onerror=alert(3)>",
  '</script><script>window.__pwned=4</script>',
  'javascript:window.__pwned=5',
  ' JaVaScRiPt:alert(6)',
  '<a href="javascript:window.__pwned=7">link</a>',
  '<iframe srcdoc="<script>parent.__pwned=8</script>"></iframe>',
  '{{constructor.constructor("window.__pwned=9")()}}',
  BIDI_AND_ZERO_WIDTH,
  LONG_PAYLOAD,
];

/** The payload for the `index`th value (a row, a column, an attribute): every one comes round. */
export const payloadAt = (index: number): string =>
  PAYLOADS[((index % PAYLOADS.length) + PAYLOADS.length) % PAYLOADS.length] as string;

/**
 * Columns whose text is a key, a date-time, or a value the schema or the server reads as code:
 * they keep their seeded values so that the pages still find their rows.
 */
const KEPT_COLUMNS = new Set([
  'created',
  'modified',
  'decided',
  'on_site',
  'off_site',
  'due_datetime',
  'counted_at',
  'users.role',
  'asset_category_links.model',
  'linkings.model',
  'costs.authorised_via',
  'dashboard_tiles.query',
  'settings.key',
  'settings.value',
  'photos.stored_name',
  'photos.mime',
  'purchase_orders.external_job_id',
]);

/** Columns under a UNIQUE constraint: the payload is followed by the row id. */
const UNIQUE_COLUMNS = new Set(['users.username']);

/**
 * Writes the payloads into every other text column of every table, turn by turn, so that each
 * column holds each payload (the `--hostile` seed of the test-mode hostile run).
 */
export function writeHostileText(db: Db): void {
  db.transaction(() => {
    for (const table of TABLES) {
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as ColumnInfo[])
        .filter((column) => column.type.toUpperCase() === 'TEXT')
        .map((column) => column.name)
        .filter((name) => !KEPT_COLUMNS.has(name) && !KEPT_COLUMNS.has(`${table}.${name}`));
      if (columns.length === 0) continue;
      const rows = db.prepare(`SELECT rowid AS id FROM ${table}`).all() as { id: number }[];
      const update = db.prepare(
        `UPDATE ${table} SET ${columns.map((name) => `"${name}" = ?`).join(', ')} WHERE rowid = ?`,
      );
      for (const { id } of rows) {
        const values = columns.map((name, index) => {
          const payload = payloadAt(id + index * 3);
          return UNIQUE_COLUMNS.has(`${table}.${name}`) ? `${payload}${id}` : payload;
        });
        update.run(...values, id);
      }
    }
  })();
}

interface ColumnInfo {
  name: string;
  type: string;
}
