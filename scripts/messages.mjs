// The catalog of the widgets' words (docs/words.md): each `messages.json` under src/ and widgets/
// holds the en-GB text of its keys in ICU MessageFormat, beside the code that shows them. The
// build writes dist/messages/en-GB.json, every key with its default text; `npm run manifest`
// compiles each file into the `messages.ts` beside it (message-modules.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

/** The folders whose `messages.json` files make the catalog. */
const ROOTS = ['src', 'widgets'];

/** `dashboardTile.refresh`: lower camel names, two levels or more. */
const KEY = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

/** The locale of the default words. */
export const DEFAULT_LOCALE = 'en-GB';

/**
 * Every `messages.json` under the roots, and every `<module>.messages.json` (the words of one
 * module of a folder whose other modules show none, such as src/core/date-input.ts), by its path
 * from `root` (with `/`), sorted.
 */
export function catalogFiles(root) {
  const found = [];
  const visit = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (/^(.+\.)?messages\.json$/.test(entry.name)) found.push(path);
    }
  };
  for (const dir of ROOTS) if (existsSync(join(root, dir))) visit(dir);
  return found.sort();
}

/** One catalog's texts by key; throws on a key of the wrong shape or a text ICU cannot read. */
export function readCatalog(root, file) {
  const texts = JSON.parse(readFileSync(join(root, file), 'utf8'));
  for (const [key, text] of Object.entries(texts)) {
    if (!KEY.test(key)) throw new Error(`${file}: the key ${key} is not of the shape a.bC`);
    if (typeof text !== 'string') throw new Error(`${file}: the text of ${key} is not a string`);
    try {
      parse(text);
    } catch (error) {
      throw new Error(`${file}: the text of ${key} is not ICU MessageFormat (${error.message})`);
    }
  }
  return texts;
}

/** Every key with its default text, sorted; throws when two catalogs hold the same key. */
export function defaultCatalog(root) {
  const all = {};
  const from = {};
  for (const file of catalogFiles(root)) {
    for (const [key, text] of Object.entries(readCatalog(root, file))) {
      if (from[key]) throw new Error(`${key} is in both ${from[key]} and ${file}`);
      from[key] = file;
      all[key] = text;
    }
  }
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((key) => [key, all[key]]),
  );
}

/** The build's `messages/en-GB.json`: every key with its default text. */
export function defaultMessages(root = process.cwd()) {
  return {
    name: 'fm-default-messages',
    generateBundle() {
      for (const file of catalogFiles(root)) this.addWatchFile(join(root, file));
      this.emitFile({
        type: 'asset',
        fileName: `messages/${DEFAULT_LOCALE}.json`,
        source: `${JSON.stringify(defaultCatalog(root), null, 2)}\n`,
      });
    },
  };
}
