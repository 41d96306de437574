import { describe, expect, it } from 'vitest';
import { AttributeError } from '../../src/core/attributes';
import { readChoices } from '../../src/core/choices';

describe('readChoices', () => {
  it('reads rows, plain values and find("list") objects, numbers as PHP prints them', () => {
    expect(
      readChoices(
        [
          { id: 1, name: 'Leeds' },
          { id: '3', name: 'York' },
        ],
        'data-x',
      ),
    ).toEqual([
      { value: '1', label: 'Leeds' },
      { value: '3', label: 'York' },
    ]);
    expect(readChoices(['Reactive', 2026], 'data-x')).toEqual([
      { value: 'Reactive', label: 'Reactive' },
      { value: '2026', label: '2026' },
    ]);
    expect(readChoices({ 7: 'Ann Surveyor', 9: 'Bob' }, 'data-x')).toEqual([
      { value: '7', label: 'Ann Surveyor' },
      { value: '9', label: 'Bob' },
    ]);
  });

  it('gives none for an absent attribute and for empty lists (PHP prints an empty map as [])', () => {
    expect(readChoices(undefined, 'data-x')).toEqual([]);
    expect(readChoices([], 'data-x')).toEqual([]);
    expect(readChoices({}, 'data-x')).toEqual([]);
  });

  it.each([
    [
      'a bare string',
      'Leeds',
      'data-sites must be a JSON list of { id, name } or of values, or an object of id → name',
    ],
    ['a number', 4, 'data-sites must be a JSON list'],
    ['null', null, 'data-sites must be a JSON list'],
    [
      'a row without a name',
      [{ id: 1, name: 'Leeds' }, { id: 3 }],
      'data-sites: [1].name is required',
    ],
    ['a row without an id', [{ name: 'Leeds' }], 'data-sites: [0].id is required'],
    [
      'a name that is an object',
      [{ id: 1, name: { en: 'Leeds' } }],
      'data-sites: [0].name: expected text, got an object',
    ],
    ['a value that is a boolean', ['Leeds', true], 'data-sites: [1]: expected text, got true'],
    ['a list inside the list', [['Leeds']], 'data-sites: [0]: expected text, got a list'],
    [
      'an object whose name is a list',
      { 1: ['Leeds'] },
      'data-sites: [1]: expected text, got a list',
    ],
  ])('refuses %s, naming the attribute and the item', (_, value, message) => {
    const read = () => readChoices(value, 'data-sites');
    expect(read).toThrow(AttributeError);
    expect(read).toThrow(message);
  });
});
