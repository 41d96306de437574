// The catalog of the widgets' words (docs/words.md): the compiled defaults a page ships say
// exactly what the ICU text of messages.json says, as the ICU formatter a page that changes the
// words loads would say it; every key is in one catalog, of the shape a.bC; the build's
// dist/messages/en-GB.json is every key's default text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogFiles, defaultCatalog, readCatalog } from '../../scripts/messages.mjs';
import { DEFAULT_MESSAGES } from '../../src/core/default-messages';
import { placeholders } from '../../src/core/placeholders';
import type { Catalog } from '../../src/core/words';

const root = process.cwd();

/** Each key's compiled function, by key, from a catalog module. */
function compiled(node: Catalog, path = ''): [string, (values: unknown) => string][] {
  return Object.entries(node).flatMap(([name, value]) =>
    typeof value === 'function'
      ? [[`${path}${name}`, value as (values: unknown) => string]]
      : compiled(value, `${path}${name}.`),
  );
}

/** Values to fill a text in with: each plural's in turn 0, 1 and 12345; any other's a word. */
function samples(text: string): Record<string, string | number>[] {
  const values = [...placeholders(parse(text))];
  return [0, 1, 12345].map((count) =>
    Object.fromEntries(
      values.map(([name, kind]) => [name, kind === 'number' ? count : `<${name}>`]),
    ),
  );
}

describe('the catalog of words', () => {
  it('has a catalog beside the code of each part that has words', () => {
    expect(catalogFiles(root)).toEqual(
      expect.arrayContaining(['src/runtime/messages.json', 'widgets/dashboard-tile/messages.json']),
    );
  });

  it('compiles each text to a function that says what the ICU formatter says', async () => {
    const keys: string[] = [];
    for (const file of catalogFiles(root)) {
      const texts = readCatalog(root, file);
      // Each catalog's module, found by its path at run time (not for Vite to resolve ahead).
      const module = (await import(
        /* @vite-ignore */ `../../${file.replace(/\.json$/, '.ts')}`
      )) as {
        default: Catalog;
      };
      const functions = compiled(module.default);
      expect(functions.map(([key]) => key).sort(), file).toEqual(Object.keys(texts).sort());
      for (const [key, format] of functions) {
        const text = texts[key] as string;
        for (const values of samples(text)) {
          const icu = new IntlMessageFormat(text, 'en-GB').format(values);
          // One value is given as itself, several by name (scripts/message-modules.mjs).
          const given = Object.keys(values).length === 1 ? Object.values(values)[0] : values;
          expect(format(given), `${key} with ${JSON.stringify(values)}`).toBe(String(icu));
        }
        keys.push(key);
      }
    }
    expect(keys.sort()).toEqual(Object.keys(DEFAULT_MESSAGES).sort());
  });

  it('lists every key with its default text, as dist/messages/en-GB.json is written', () => {
    expect(defaultCatalog(root)).toEqual(DEFAULT_MESSAGES);
  });

  describe('refuses', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'fm-messages-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    const catalogs = (files: Record<string, unknown>) => {
      rmSync(join(scratch, 'widgets'), { recursive: true, force: true });
      for (const [folder, texts] of Object.entries(files)) {
        mkdirSync(join(scratch, 'widgets', folder), { recursive: true });
        writeFileSync(join(scratch, 'widgets', folder, 'messages.json'), JSON.stringify(texts));
      }
      return () => defaultCatalog(scratch);
    };

    it('a key of another shape', () => {
      expect(catalogs({ a: { Loading: 'x' } })).toThrow('the key Loading is not of the shape a.bC');
      expect(catalogs({ a: { 'a.b-c': 'x' } })).toThrow('the key a.b-c is not of the shape a.bC');
    });

    it('a text that is not ICU MessageFormat, or not text', () => {
      expect(catalogs({ a: { 'a.b': 'Refresh {title' } })).toThrow(
        'widgets/a/messages.json: the text of a.b is not ICU MessageFormat',
      );
      expect(catalogs({ a: { 'a.b': 5 } })).toThrow('the text of a.b is not a string');
    });

    it('a key in two catalogs', () => {
      expect(catalogs({ a: { 'a.b': 'x' }, b: { 'a.b': 'y' } })).toThrow(
        'a.b is in both widgets/a/messages.json and widgets/b/messages.json',
      );
    });
  });
});
