import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decode, int, text } from '../../src/core/contract/decode';
import {
  bracketForm,
  id,
  idMap,
  jsonOf,
  nullableOf,
  nullableRecord,
} from '../../src/core/contract/shapes';
import { issuesOf } from './issues';

describe('nullableOf', () => {
  const optionalId = nullableOf(id);

  it('maps null and an empty form value to null', () => {
    expect(decode(optionalId, null, 'test')).toBeNull();
    expect(decode(optionalId, '', 'test')).toBeNull();
  });

  it('decodes a value with the inner schema', () => {
    expect(decode(optionalId, '9', 'test')).toBe(9);
    expect(issuesOf(optionalId, '0')).toEqual(['expected a positive id, got 0']);
  });
});

describe('nullableRecord', () => {
  const asset = nullableRecord(v.object({ id, name: text }));

  it("reads CakePHP's empty belongsTo row and null as null", () => {
    expect(decode(asset, { id: null, name: null }, 'test')).toBeNull();
    expect(decode(asset, null, 'test')).toBeNull();
  });

  it('decodes a present row', () => {
    expect(decode(asset, { id: '3', name: 'Boiler' }, 'test')).toEqual({ id: 3, name: 'Boiler' });
  });

  it('still rejects a broken row', () => {
    expect(issuesOf(asset, { id: 'x', name: 'Boiler' })).toEqual([
      'id: expected a number, got "x"',
    ]);
  });
});

describe('idMap', () => {
  const names = idMap(text);

  it("reads PHP's empty array as an empty map", () => {
    expect(decode(names, [], 'test')).toEqual({});
  });

  it('decodes an id-keyed map', () => {
    expect(decode(names, { 1: 'Maintenance', 12: 'Non-Contract' }, 'test')).toEqual({
      1: 'Maintenance',
      12: 'Non-Contract',
    });
  });

  it('rejects keys that are not ids and a non-empty list', () => {
    expect(issuesOf(names, { abc: 'x' })).toEqual(['abc: expected an id as key, got "abc"']);
    expect(issuesOf(names, ['a'])).toHaveLength(1);
  });
});

describe('jsonOf', () => {
  const rows = jsonOf(v.array(v.object({ id })));

  it('parses a JSON string, or takes an already parsed value', () => {
    expect(decode(rows, '[{"id":"3"}]', 'test')).toEqual([{ id: 3 }]);
    expect(decode(rows, [{ id: 4 }], 'test')).toEqual([{ id: 4 }]);
  });

  it('reports bad JSON and bad content with their paths', () => {
    expect(issuesOf(v.object({ ids: rows }), { ids: '[{' })).toEqual([
      'ids: expected JSON text, got "[{"',
    ]);
    expect(issuesOf(v.object({ ids: rows }), { ids: '[{"id":0}]' })).toEqual([
      'ids[0].id: expected a positive id, got 0',
    ]);
  });
});

describe('bracketForm', () => {
  const form = bracketForm(v.object({ cost_id: id, CostValidate: idMap(int) }));

  it('nests flat bracket fields by their inner key', () => {
    expect(
      decode(form, { cost_id: '4', 'CostValidate[12]': '1', 'CostValidate[13]': '0' }, 'test'),
    ).toEqual({ cost_id: 4, CostValidate: { 12: 1, 13: 0 } });
  });

  it('passes already nested input through', () => {
    expect(decode(form, { cost_id: 4, CostValidate: { 12: 2 } }, 'test')).toEqual({
      cost_id: 4,
      CostValidate: { 12: 2 },
    });
  });
});
