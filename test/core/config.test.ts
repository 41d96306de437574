import { describe, expect, it } from 'vitest';
import { AttributeError } from '../../src/core/attributes';
import {
  ConfigError,
  configDefaults,
  coreConfig,
  numberSetting,
  originSetting,
  readConfig,
  readPageConfig,
  textSetting,
} from '../../src/core/config';
import {
  flagSetting,
  numberListSetting,
  oneOfSetting,
  stringListSetting,
} from '../../src/core/settings';

function setPageConfig(text: string) {
  document.head.innerHTML = `<script type="application/json" id="fm-config">${text}</script>`;
}

function element(attributes = ''): Element {
  document.body.innerHTML = `<fm-x ${attributes}></fm-x>`;
  return document.body.firstElementChild as Element;
}

/** One key of every kind, as a widget would declare them. */
const spec = {
  label: textSetting('none'),
  limit: numberSetting(3),
  enabled: flagSetting(true),
  home: originSetting(''),
  ids: numberListSetting([]),
  words: stringListSetting([]),
  unit: oneOfSetting(['K', 'M', 'miles'], 'miles'),
};

const defaults = {
  label: 'none',
  limit: 3,
  enabled: true,
  home: '',
  ids: [],
  words: [],
  unit: 'miles',
};

describe('readPageConfig', () => {
  it('gives the documented defaults without a configuration block', () => {
    document.head.innerHTML = '';
    expect(readPageConfig(document, coreConfig)).toEqual({
      apiBase: '',
      parentOrigin: '',
      timeout: 10_000,
    });
    expect(readPageConfig(document, spec)).toEqual(defaults);
    expect(configDefaults(spec)).toEqual(defaults);
  });

  it("reads the spec's keys from the block, tolerant in type", () => {
    setPageConfig(
      JSON.stringify({
        label: 42,
        limit: '5000',
        enabled: 0,
        home: 'https://portal.example.com/some/page',
        ids: ['1', 2.5],
        words: 'password, qwerty,',
        unit: 'K',
        somethingElse: 'ignored',
      }),
    );
    const config = readPageConfig(document, spec);
    expect(config).toEqual({
      label: '42',
      limit: 5000,
      enabled: false,
      home: 'https://portal.example.com',
      ids: [1, 2.5],
      words: ['password', 'qwerty'],
      unit: 'K',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads a list given as JSON text, and booleans as PHP prints them', () => {
    const read = (value: unknown) => {
      setPageConfig(JSON.stringify({ ids: value, enabled: value === '[]' ? 'true' : '1' }));
      return readPageConfig(document, spec);
    };
    expect(read('[3, 4]')).toMatchObject({ ids: [3, 4], enabled: true });
    expect(read('[]')).toMatchObject({ ids: [], enabled: true });
    expect(read('')).toMatchObject({ ids: [] });
    setPageConfig('{"enabled": false, "home": ""}');
    expect(readPageConfig(document, spec)).toMatchObject({ enabled: false, home: '' });
  });

  it('keeps the default for a null value', () => {
    setPageConfig('{"limit": null, "label": null}');
    expect(readPageConfig(document, spec)).toEqual(defaults);
  });

  it('is read once per page, and again when the block changes', () => {
    setPageConfig('{"timeout": 100}');
    const first = readPageConfig(document, coreConfig);
    expect(readPageConfig(document, coreConfig)).toBe(first);
    setPageConfig('{"timeout": 200}');
    expect(readPageConfig(document, coreConfig)).not.toBe(first);
    expect(readPageConfig(document, coreConfig).timeout).toBe(200);
  });

  it('reports malformed JSON clearly', () => {
    setPageConfig('{"timeout": 100,}');
    expect(() => readPageConfig(document, coreConfig)).toThrow(ConfigError);
    expect(() => readPageConfig(document, coreConfig)).toThrow(
      /^Page configuration #fm-config is not valid JSON: ./,
    );
    setPageConfig('[1]');
    expect(() => readPageConfig(document, coreConfig)).toThrow(
      'Page configuration #fm-config must be a JSON object',
    );
    setPageConfig('"text"');
    expect(() => readPageConfig(document, spec)).toThrow(
      'Page configuration #fm-config must be a JSON object',
    );
  });

  it('is strict in meaning and names the key, for every reader', () => {
    const every = { ...coreConfig, ...spec };
    const cases: [string, string][] = [
      ['{"timeout": "abc"}', 'timeout must be a number (got "abc")'],
      ['{"timeout": -1}', 'timeout must be a number of 0 or more (got -1)'],
      ['{"apiBase": {}}', 'apiBase must be text (got {})'],
      ['{"parentOrigin": "*"}', 'parentOrigin must be an origin such as https://example.com'],
      ['{"parentOrigin": "ftp://example.com"}', 'parentOrigin must be an origin such as'],
      ['{"parentOrigin": 1}', 'parentOrigin must be an origin such as https://example.com (got 1)'],
      ['{"enabled": "maybe"}', 'enabled must be true or false (got "maybe")'],
      ['{"enabled": ""}', 'enabled must be true or false (got "")'],
      ['{"ids": [1, "x"]}', 'ids must be a number (got "x")'],
      ['{"ids": [1, -2]}', 'ids must be a number of 0 or more (got -2)'],
      ['{"ids": "1, two"}', 'ids must be a number (got "two")'],
      ['{"ids": {"a": 1}}', 'ids must be a list (got {"a":1})'],
      ['{"ids": "[1,"}', 'ids must be valid JSON: '],
      ['{"words": ["a", 1]}', 'words must be a list of words (got ["a",1])'],
      ['{"words": 7}', 'words must be a list (got 7)'],
      ['{"unit": "km"}', 'unit must be one of K, M, miles (got "km")'],
      ['{"unit": "k"}', 'unit must be one of K, M, miles (got "k")'],
    ];
    for (const [text, message] of cases) {
      setPageConfig(text);
      expect(() => readPageConfig(document, every)).toThrow(ConfigError);
      expect(() => readPageConfig(document, every)).toThrow(
        `Page configuration #fm-config: ${message}`,
      );
    }
  });

  it("decodes only the spec's own keys: another key's wrong value does not matter", () => {
    setPageConfig('{"timeout": 100, "unit": "km"}');
    expect(readPageConfig(document, coreConfig).timeout).toBe(100);
    expect(() => readPageConfig(document, spec)).toThrow('unit must be one of');
  });
});

describe('readConfig', () => {
  it("overrides the page's values with the element's own data attributes", () => {
    setPageConfig('{"apiBase": "/a", "timeout": 100, "ids": [1]}');
    const tile = element('data-api-base="/b" data-limit="7" data-ids="2, 3" data-enabled');
    expect(readConfig(tile, coreConfig)).toEqual({ apiBase: '/b', parentOrigin: '', timeout: 100 });
    expect(readConfig(tile, spec)).toEqual({ ...defaults, limit: 7, ids: [2, 3], enabled: true });
    expect(readPageConfig(document, coreConfig).apiBase).toBe('/a');
    expect(readConfig(element('data-ids="[4]"'), spec).ids).toEqual([4]);
    expect(readConfig(element('data-words="a,b"'), spec).words).toEqual(['a', 'b']);
    expect(readConfig(element('data-unit="K"'), spec).unit).toBe('K');
    expect(readConfig(element('data-home="https://x.example:8443/p"'), spec).home).toBe(
      'https://x.example:8443',
    );
  });

  it('reads a boolean attribute as present, or "1"/"true", or "0"/"false"; else names it', () => {
    setPageConfig('{"enabled": false}');
    expect(readConfig(element('data-enabled'), spec).enabled).toBe(true);
    expect(readConfig(element('data-enabled="1"'), spec).enabled).toBe(true);
    expect(() => readConfig(element('data-enabled="yes"'), spec)).toThrow(
      'data-enabled must be present or absent, true or false, 1 or 0 (got "yes")',
    );
    expect(readConfig(element('data-enabled="false"'), spec).enabled).toBe(false);
    expect(readConfig(element('data-enabled=" 0 "'), spec).enabled).toBe(false);
    setPageConfig('{"enabled": true}');
    expect(readConfig(element('data-enabled="FALSE"'), spec).enabled).toBe(false);
  });

  it('gives the same object while neither the page nor the attributes change', () => {
    setPageConfig('{"timeout": 100}');
    const tile = element('data-timeout="250"');
    const first = readConfig(tile, coreConfig);
    expect(readConfig(tile, coreConfig)).toBe(first);
    tile.setAttribute('data-timeout', '300');
    expect(readConfig(tile, coreConfig)).not.toBe(first);
    expect(readConfig(tile, coreConfig).timeout).toBe(300);
    setPageConfig('{"timeout": 100, "apiBase": "/b"}');
    expect(readConfig(tile, coreConfig)).toMatchObject({ apiBase: '/b', timeout: 300 });
  });

  it('keeps each spec apart on one element', () => {
    setPageConfig('{"timeout": 100, "limit": 1}');
    const tile = element('data-limit="2"');
    const core = readConfig(tile, coreConfig);
    const own = readConfig(tile, spec);
    expect(core).toEqual({ apiBase: '', parentOrigin: '', timeout: 100 });
    expect(own.limit).toBe(2);
    expect(readConfig(tile, coreConfig)).toBe(core);
    expect(readConfig(tile, spec)).toBe(own);
  });

  it('gives the page configuration itself when nothing is overridden', () => {
    setPageConfig('{"timeout": 100}');
    expect(readConfig(element(), coreConfig)).toBe(readPageConfig(document, coreConfig));
  });

  it('names the attribute when an override is wrong', () => {
    setPageConfig('{}');
    const cases: [string, string][] = [
      ['data-limit="soon"', 'data-limit must be a number (got "soon")'],
      ['data-limit="-3"', 'data-limit must be a number of 0 or more (got "-3")'],
      ['data-ids="1, x"', 'data-ids must be a number (got "x")'],
      ['data-ids="[1,"', 'data-ids must be valid JSON: '],
      ['data-unit="km"', 'data-unit must be one of K, M, miles (got "km")'],
      ['data-home="example.com"', 'data-home must be an origin such as https://example.com'],
    ];
    for (const [attributes, message] of cases) {
      const tile = element(attributes);
      expect(() => readConfig(tile, spec)).toThrow(AttributeError);
      expect(() => readConfig(tile, spec)).toThrow(message);
    }
  });

  it('reports a wrong page value before any attribute', () => {
    setPageConfig('{"timeout": "later"}');
    expect(() => readConfig(element('data-timeout="5"'), coreConfig)).toThrow(ConfigError);
  });
});
