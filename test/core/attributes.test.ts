import { describe, expect, it } from 'vitest';
import { AttributeError, attributeName, parseAttribute } from '../../src/core/attributes';

function errorOf(run: () => unknown): AttributeError {
  try {
    run();
  } catch (error) {
    if (error instanceof AttributeError) return error;
    throw error;
  }
  throw new Error('expected an AttributeError');
}

describe('attributeName', () => {
  it('maps a camelCase prop to its data attribute', () => {
    expect(attributeName('tileId')).toBe('data-tile-id');
    expect(attributeName('externalJobId')).toBe('data-external-job-id');
    expect(attributeName('model')).toBe('data-model');
  });
});

describe('parseAttribute', () => {
  it('keeps strings as they are and turns typed values into text', () => {
    expect(parseAttribute('string', ' a b ', 'data-x')).toBe(' a b ');
    expect(parseAttribute('string', '', 'data-x')).toBe('');
    expect(parseAttribute('string', 5, 'data-x')).toBe('5');
  });

  it('gives undefined for an absent value, and false for an absent boolean', () => {
    for (const type of ['string', 'number', 'id', 'url', 'json'] as const) {
      expect(parseAttribute(type, null, 'data-x')).toBeUndefined();
      expect(parseAttribute(type, undefined, 'data-x')).toBeUndefined();
    }
    expect(parseAttribute('boolean', null, 'data-x')).toBe(false);
  });

  it('parses numbers, including ones already typed', () => {
    expect(parseAttribute('number', '12', 'data-x')).toBe(12);
    expect(parseAttribute('number', ' 12.50 ', 'data-x')).toBe(12.5);
    expect(parseAttribute('number', '-3', 'data-x')).toBe(-3);
    expect(parseAttribute('number', 7, 'data-x')).toBe(7);
  });

  it('rejects what is not a number with a readable error naming the attribute', () => {
    const error = errorOf(() => parseAttribute('number', 'abc', 'data-tile-id'));
    expect(error.attribute).toBe('data-tile-id');
    expect(error.message).toBe('data-tile-id must be a number (got "abc")');
    for (const bad of ['', '  ', '12px', 'Infinity', Number.NaN, true]) {
      expect(() => parseAttribute('number', bad, 'data-x')).toThrow(AttributeError);
    }
  });

  it('reads booleans as HTML does (present is true), or written out as true/false, 1/0', () => {
    expect(parseAttribute('boolean', '', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', 'true', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', ' TRUE ', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', '1', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', 'data-readonly', 'data-readonly')).toBe(true);
    expect(parseAttribute('boolean', 'false', 'data-x')).toBe(false);
    expect(parseAttribute('boolean', 'FALSE', 'data-x')).toBe(false);
    expect(parseAttribute('boolean', '0', 'data-x')).toBe(false);
    expect(parseAttribute('boolean', false, 'data-x')).toBe(false);
    expect(parseAttribute('boolean', true, 'data-x')).toBe(true);
    expect(parseAttribute('boolean', 0, 'data-x')).toBe(false);
    expect(parseAttribute('boolean', 1, 'data-x')).toBe(true);
  });

  it('names a boolean attribute that is neither, instead of guessing', () => {
    const error = errorOf(() => parseAttribute('boolean', 'maybe', 'data-notes'));
    expect(error.attribute).toBe('data-notes');
    expect(error.message).toBe(
      'data-notes must be present or absent, true or false, 1 or 0 (got "maybe")',
    );
    for (const bad of ['yes', 'no', 'on', 'readonly', '2', '-1', 2, 'null']) {
      expect(() => parseAttribute('boolean', bad, 'data-x'), String(bad)).toThrow(AttributeError);
    }
  });

  it('reads ids as positive whole numbers, as PHP prints them', () => {
    expect(parseAttribute('id', '12', 'data-job-id')).toBe(12);
    expect(parseAttribute('id', ' 1004 ', 'data-job-id')).toBe(1004);
    expect(parseAttribute('id', 7, 'data-job-id')).toBe(7);
    expect(parseAttribute('id', String(Number.MAX_SAFE_INTEGER), 'data-job-id')).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(parseAttribute('id', null, 'data-job-id')).toBeUndefined();
  });

  it('names an id attribute that is negative, fractional, zero, huge or not a number', () => {
    const error = errorOf(() => parseAttribute('id', '-5', 'data-job-id'));
    expect(error.attribute).toBe('data-job-id');
    expect(error.message).toBe('data-job-id must be a positive whole number (got "-5")');
    const bad = [
      '0',
      '1.5',
      '1e3',
      '+3',
      '0x10',
      '',
      ' ',
      'abc',
      '9007199254740993',
      '1'.repeat(30),
      -5,
      0,
      1.5,
      Number.MAX_SAFE_INTEGER + 1,
      Number.NaN,
      true,
    ];
    for (const value of bad) {
      expect(() => parseAttribute('id', value, 'data-x'), String(value)).toThrow(AttributeError);
    }
  });

  it('reads URLs trimmed, and names an empty one', () => {
    expect(parseAttribute('url', ' /api/jobs ', 'data-url')).toBe('/api/jobs');
    expect(parseAttribute('url', null, 'data-url')).toBeUndefined();
    for (const empty of ['', '   ']) {
      const error = errorOf(() => parseAttribute('url', empty, 'data-source-url'));
      expect(error.attribute).toBe('data-source-url');
      expect(error.message).toBe('data-source-url must be a URL, not empty');
    }
  });

  it('parses JSON text and passes already-typed values through', () => {
    expect(parseAttribute('json', '{"a":[1,2]}', 'data-x')).toEqual({ a: [1, 2] });
    const value = [{ id: 1 }];
    expect(parseAttribute('json', value, 'data-x')).toBe(value);
  });

  it('names the attribute when JSON is malformed', () => {
    const error = errorOf(() => parseAttribute('json', '{bad', 'data-sites'));
    expect(error.attribute).toBe('data-sites');
    expect(error.message).toMatch(/^data-sites must be valid JSON: ./);
  });
});
