import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/core/config';
import { wordsFor, wordsWith } from '../../src/core/word-overrides';
import type { WordsConfig } from '../../src/core/words';
import failures from '../../src/runtime/messages';
import tile from '../../widgets/dashboard-tile/messages';
import upload from '../../widgets/upload/messages';

/** A page's configuration of the words; `locale` en-GB unless given. */
const config = (messages: unknown, locale?: unknown) => ({ messages, locale }) as WordsConfig;

/** The words of `catalog` for a page (and an element) and what they warned. */
function words<C extends Parameters<typeof wordsFor>[0]>(
  catalog: C,
  page: WordsConfig,
  own: WordsConfig = page,
) {
  const warn = vi.fn<(text: string) => void>();
  return { words: wordsFor(catalog, page, own, warn) as C, warn };
}

describe('the words a page gives', () => {
  it('replace the defaults they name, and leave the others', () => {
    const { words: made, warn } = words(
      tile,
      config({ 'dashboardTile.refresh': 'Recount {title}', 'dashboardTile.loading': 'Wait…' }),
    );
    expect(made.dashboardTile.refresh('Open jobs')).toBe('Recount Open jobs');
    expect(made.dashboardTile.loading()).toBe('Wait…');
    expect(made.dashboardTile.retry('Open jobs')).toBe('Retry Open jobs');
    expect(warn).not.toHaveBeenCalled();
  });

  it('take an element’s own data-messages over the page’s, key by key', () => {
    const page = config({
      'dashboardTile.loading': 'Page loading',
      'dashboardTile.refresh': 'Page refresh {title}',
    });
    const own = config('{"dashboardTile.loading": "Element loading"}');
    const { words: made } = words(tile, page, own);
    expect(made.dashboardTile.loading()).toBe('Element loading');
    expect(made.dashboardTile.refresh('T')).toBe('Page refresh T');
  });

  it('are made once for an element’s configuration and a catalog', () => {
    document.head.innerHTML =
      '<script type="application/json" id="fm-config">{"locale": "en-XA"}</script>';
    const element = document.createElement('fm-x');
    const own = config(undefined, 'en-XA');
    expect(wordsWith(tile, element, own)).toBe(wordsWith(tile, element, own));
    expect(wordsWith(tile, element, own).dashboardTile.loading()).toBe('[Ļööååđîîñĝ…]');
  });

  it('name every unknown key in one warning, once, and lose nothing else', () => {
    const page = config({
      'dashboardTile.lodaing': 'Typo',
      'nothing.here': 'No such key',
      'dashboardTile.loading': 'Wait',
    });
    const { words: made, warn } = words(tile, page);
    words(failures, page);
    expect(made.dashboardTile.loading()).toBe('Wait');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      'fm-widgets: messages has keys no widget has, ignored: dashboardTile.lodaing, nothing.here',
    );
  });

  it('keep the default of a key whose text does not fill in its placeholders, and say which', () => {
    const page = config({
      'dashboardTile.refresh': 'Refresh {name}',
      'dashboardTile.updated': '{title} updated',
      'failure.http': 'The server said no.',
      'dashboardTile.loading': 'Wait',
    });
    const { words: made, warn } = words(tile, page);
    expect(made.dashboardTile.refresh('Open jobs')).toBe('Refresh Open jobs');
    expect(made.dashboardTile.updated({ title: 'Open jobs', count: '3' })).toBe(
      'Open jobs updated: 3',
    );
    expect(made.dashboardTile.loading()).toBe('Wait');
    expect(warn.mock.calls.map(([text]) => text)).toEqual([
      'fm-widgets: the text given for dashboardTile.refresh does not fill in the placeholders of its default, "Refresh {title}": the default is kept',
      'fm-widgets: the text given for dashboardTile.updated does not fill in the placeholders of its default, "{title} updated: {count}": the default is kept',
    ]);
    const { words: failure } = words(failures, page);
    expect(failure.failure.http('503')).toBe(
      'The server could not complete the request (HTTP 503). Please try again.',
    );
  });

  it('keep the default of a text that is not ICU MessageFormat, and say which', () => {
    const { words: made, warn } = words(
      tile,
      config({ 'dashboardTile.refresh': 'Refresh {title' }),
    );
    expect(made.dashboardTile.refresh('T')).toBe('Refresh T');
    expect(warn.mock.calls[0]?.[0]).toContain('dashboardTile.refresh');
  });

  it('take no texts as PHP writes them, an empty list, as none', () => {
    const { words: made, warn } = words(tile, config([]), config('[]'));
    expect(made.dashboardTile.loading()).toBe('Loading…');
    expect(warn).not.toHaveBeenCalled();
  });

  it('report messages that are not texts by key, naming where they came from', () => {
    expect(() => words(tile, config('{"dashboardTile.loading": '))).toThrow(ConfigError);
    expect(() => words(tile, config('{"dashboardTile.loading": '))).toThrow(
      /^Page configuration #fm-config: messages must be valid JSON: /,
    );
    expect(() => words(tile, config(['Wait']))).toThrow(
      'Page configuration #fm-config: messages must be an object of texts by key (got ["Wait"])',
    );
    expect(() => words(tile, config({ 'dashboardTile.loading': 5 }))).toThrow(
      'Page configuration #fm-config: messages: the text of dashboardTile.loading must be a string (got 5)',
    );
    const page = config({});
    expect(() => words(tile, page, config('{oops}'))).toThrow(
      /^data-messages must be valid JSON: /,
    );
  });

  it('report a locale that is not a language tag', () => {
    expect(() => words(tile, config({}, 'english please'))).toThrow(
      'Page configuration #fm-config: locale must be a language tag such as en-GB (got "english please")',
    );
  });

  it('take the plural forms of their locale, and keep the en-GB formats of numbers', () => {
    const page = config(
      {
        'upload.tooMany':
          'Najwyżej {maxFiles, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}.',
      },
      'pl',
    );
    const { words: made, warn } = words(upload, page);
    expect(made.upload.tooMany(1)).toBe('Najwyżej 1 plik.');
    expect(made.upload.tooMany(3)).toBe('Najwyżej 3 pliki.');
    expect(made.upload.tooMany(5)).toBe('Najwyżej 5 plików.');
    // Polish writes 12 345; the formats stay en-GB's.
    expect(made.upload.tooMany(12345)).toBe('Najwyżej 12,345 plików.');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('the pseudo-locale en-XA', () => {
  it('is made from the defaults, and from the texts a page gives', () => {
    const { words: made } = words(tile, config({ 'dashboardTile.loading': 'Wait' }, 'en-XA'));
    expect(made.dashboardTile.refresh('Open jobs')).toBe('[Ŕééƒŕééšĥ Open jobs]');
    expect(made.dashboardTile.loading()).toBe('[Ŵååîîţ]');
    const { words: failure } = words(failures, config({}, 'en-xa'));
    expect(failure.failure.timeout()).toMatch(/^\[Ţĥéé šééŕṽééŕ /);
  });
});
