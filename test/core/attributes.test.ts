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
    for (const type of ['string', 'number', 'json'] as const) {
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

  it('reads booleans the Stimulus way', () => {
    expect(parseAttribute('boolean', '', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', 'true', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', '1', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', 'readonly', 'data-x')).toBe(true);
    expect(parseAttribute('boolean', 'false', 'data-x')).toBe(false);
    expect(parseAttribute('boolean', 'FALSE', 'data-x')).toBe(false);
    expect(parseAttribute('boolean', '0', 'data-x')).toBe(false);
    expect(parseAttribute('boolean', false, 'data-x')).toBe(false);
    expect(parseAttribute('boolean', true, 'data-x')).toBe(true);
    expect(parseAttribute('boolean', 0, 'data-x')).toBe(false);
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
