import { describe, expect, it } from 'vitest';
import { AttributeError } from '../../src/core/attributes';
import { ConfigError, defaultConfig, readConfig, readPageConfig } from '../../src/core/config';

function setPageConfig(text: string) {
  document.head.innerHTML = `<script type="application/json" id="fm-config">${text}</script>`;
}

function element(attributes = ''): Element {
  document.body.innerHTML = `<fm-x ${attributes}></fm-x>`;
  return document.body.firstElementChild as Element;
}

describe('readPageConfig', () => {
  it('gives the documented defaults without a configuration block', () => {
    expect(readPageConfig(document)).toEqual(defaultConfig);
    expect(defaultConfig.timeout).toBe(10_000);
    expect(defaultConfig.apiBase).toBe('');
    expect(defaultConfig.validateClientReference2).toBe(true);
    expect(defaultConfig.disableApprovals).toBe(false);
  });

  it('reads the block, tolerant in type', () => {
    setPageConfig(
      JSON.stringify({
        apiBase: '/portal',
        timeout: '5000',
        disableApprovals: 1,
        validateClientReference2: 'false',
        releasePriorities: ['1', 2],
        passwordBlacklist: 'password, qwerty',
        geoUnit: 'K',
        geoCheck: '0',
        parentOrigin: 'https://portal.example.com/',
        somethingElse: 'ignored',
      }),
    );
    const config = readPageConfig(document);
    expect(config).toMatchObject({
      apiBase: '/portal',
      timeout: 5000,
      disableApprovals: true,
      validateClientReference2: false,
      releasePriorities: [1, 2],
      passwordBlacklist: ['password', 'qwerty'],
      geoUnit: 'K',
      geoCheck: false,
      parentOrigin: 'https://portal.example.com',
      uploadMaxFiles: defaultConfig.uploadMaxFiles,
    });
    expect(config).not.toHaveProperty('somethingElse');
  });

  it('is read once per page, and again when the block changes', () => {
    setPageConfig('{"timeout": 100}');
    const first = readPageConfig(document);
    expect(readPageConfig(document)).toBe(first);
    setPageConfig('{"timeout": 200}');
    expect(readPageConfig(document).timeout).toBe(200);
  });

  it('reports malformed JSON clearly', () => {
    setPageConfig('{"timeout": 100,}');
    expect(() => readPageConfig(document)).toThrow(ConfigError);
    expect(() => readPageConfig(document)).toThrow(
      /^Page configuration #fm-config is not valid JSON: ./,
    );
    setPageConfig('[1]');
    expect(() => readPageConfig(document)).toThrow(
      'Page configuration #fm-config must be a JSON object',
    );
  });

  it('is strict in meaning and names the key', () => {
    const cases: [string, string][] = [
      ['{"timeout": "abc"}', 'timeout must be a number (got "abc")'],
      ['{"timeout": -1}', 'timeout must be a number of 0 or more (got -1)'],
      ['{"geoCheck": "maybe"}', 'geoCheck must be true or false (got "maybe")'],
      ['{"releasePriorities": [1, "x"]}', 'releasePriorities must be a number (got "x")'],
      ['{"releasePriorities": {"a": 1}}', 'releasePriorities must be a list (got {"a":1})'],
      ['{"geoUnit": "km"}', 'geoUnit must be one of K, N, M, miles (got "km")'],
      ['{"parentOrigin": "*"}', 'parentOrigin must be an origin such as https://example.com'],
    ];
    for (const [text, message] of cases) {
      setPageConfig(text);
      expect(() => readPageConfig(document)).toThrow(`Page configuration #fm-config: ${message}`);
    }
  });
});

describe('readConfig', () => {
  it("overrides the page's values with the element's own data attributes", () => {
    setPageConfig('{"apiBase": "/a", "timeout": 100, "releasePriorities": [1]}');
    const config = readConfig(
      element('data-api-base="/b" data-disable-approvals data-release-priorities="2, 3"'),
    );
    expect(config).toMatchObject({
      apiBase: '/b',
      timeout: 100,
      disableApprovals: true,
      releasePriorities: [2, 3],
    });
    expect(readPageConfig(document).apiBase).toBe('/a');
    expect(readConfig(element('data-release-priorities="[4]"')).releasePriorities).toEqual([4]);
    expect(readConfig(element('data-geo-check="false"')).geoCheck).toBe(false);
  });

  it('gives the same object while neither the page nor the attributes change', () => {
    setPageConfig('{"timeout": 100}');
    const tile = element('data-timeout="250"');
    const first = readConfig(tile);
    expect(readConfig(tile)).toBe(first);
    tile.setAttribute('data-timeout', '300');
    expect(readConfig(tile)).not.toBe(first);
    expect(readConfig(tile).timeout).toBe(300);
    setPageConfig('{"timeout": 100, "apiBase": "/b"}');
    expect(readConfig(tile)).toMatchObject({ apiBase: '/b', timeout: 300 });
  });

  it('gives the page configuration itself when nothing is overridden', () => {
    setPageConfig('{"timeout": 100}');
    expect(readConfig(element())).toBe(readPageConfig(document));
  });

  it('names the attribute when an override is wrong', () => {
    expect(() => readConfig(element('data-timeout="soon"'))).toThrow(AttributeError);
    expect(() => readConfig(element('data-timeout="soon"'))).toThrow(
      'data-timeout must be a number (got "soon")',
    );
  });
});
