import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  bool,
  bracketForm,
  ContractError,
  dateTime,
  decode,
  id,
  idMap,
  int,
  isoDateTime,
  jsonOf,
  nullableOf,
  nullableRecord,
  num,
  text,
} from '../../src/core/decode';

/** The issues decode reports for `input`, or [] when it decodes. */
function issuesOf(schema: v.GenericSchema, input: unknown): readonly string[] {
  try {
    decode(schema, input, 'test');
    return [];
  } catch (error) {
    if (error instanceof ContractError) return error.issues;
    throw error;
  }
}

describe('int', () => {
  it.each([
    [12, 12],
    ['12', 12],
    ['-3', -3],
    [0, 0],
  ])('accepts %j as %j', (input, output) => {
    expect(decode(int, input, 'test')).toBe(output);
  });

  it.each([[''], ['12a'], [1.5], ['1.5'], [null], [true], [Number.NaN], [' 12']])(
    'rejects %j',
    (input) => {
      expect(issuesOf(int, input)).toHaveLength(1);
    },
  );

  it('names what it expected and what it got', () => {
    expect(issuesOf(int, 'abc')).toEqual(['expected a number, got "abc"']);
    expect(issuesOf(int, 1.5)).toEqual(['expected a whole number, got 1.5']);
  });
});

describe('num', () => {
  it.each([
    [12.5, 12.5],
    ['12.50', 12.5],
    ['-0.75', -0.75],
    ['7', 7],
    ['.5', 0.5],
  ])('accepts %j as %j', (input, output) => {
    expect(decode(num, input, 'test')).toBe(output);
  });

  it.each([
    [''],
    ['abc'],
    ['NaN'],
    ['Infinity'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['12,50'],
    [null],
  ])('rejects %j', (input) => {
    expect(issuesOf(num, input)).toHaveLength(1);
  });
});

describe('id', () => {
  it('accepts a positive whole number or its string', () => {
    expect(decode(id, '42', 'test')).toBe(42);
    expect(decode(id, 7, 'test')).toBe(7);
  });

  it.each([[0], ['0'], [-1], [''], [null], ['x1']])('rejects %j', (input) => {
    expect(issuesOf(id, input)).toHaveLength(1);
  });

  it('says a zero id is not positive', () => {
    expect(issuesOf(id, '0')).toEqual(['expected a positive id, got 0']);
  });
});

describe('bool', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
  ])('accepts %j as %j', (input, output) => {
    expect(decode(bool, input, 'test')).toBe(output);
  });

  it.each([[2], ['yes'], [''], [null], ['TRUE'], [undefined]])('rejects %j', (input) => {
    expect(issuesOf(bool, input)).toHaveLength(1);
  });
});

describe('text', () => {
  it('keeps strings, including empty ones', () => {
    expect(decode(text, 'PO-1', 'test')).toBe('PO-1');
    expect(decode(text, '', 'test')).toBe('');
  });

  it('turns a finite number into its string, as PHP sends numeric references', () => {
    expect(decode(text, 12345, 'test')).toBe('12345');
  });

  it.each([[null], [Number.NaN], [true], [{}]])('rejects %j', (input) => {
    expect(issuesOf(text, input)).toHaveLength(1);
  });
});

describe('dateTime', () => {
  it.each([
    '2024-02-29 10:15:00',
    '2024-02-29 10:15',
    '2024-02-29T10:15:00',
    '2024-02-29T10:15:00.123Z',
    '2024-02-29T10:15:00+01:00',
  ])('accepts %j and keeps the string', (input) => {
    expect(decode(dateTime, input, 'test')).toBe(input);
  });

  it.each([
    '2023-02-29 10:00:00',
    '2024-13-01 10:00:00',
    '2024-04-31 10:00:00',
    '2024-01-01 24:00:00',
    '2024-01-01 10:60',
    '2024-01-01',
    '01/02/2024 10:00',
    '',
  ])('rejects %j', (input) => {
    expect(issuesOf(dateTime, input)).toEqual([
      `expected a date-time (YYYY-MM-DD HH:mm:ss), got ${JSON.stringify(input)}`,
    ]);
  });

  it('isoDateTime wants the T separator', () => {
    expect(decode(isoDateTime, '2024-05-01T08:30:00.000Z', 'test')).toBe(
      '2024-05-01T08:30:00.000Z',
    );
    expect(issuesOf(isoDateTime, '2024-05-01 08:30:00')).toHaveLength(1);
  });
});

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

describe('decode', () => {
  const response = v.object({
    job: v.object({ Job: v.object({ id, description: text }) }),
    costs: v.array(v.object({ Cost: v.object({ id }) })),
    status: v.literal('success'),
    action: v.picklist(['release', 'quote']),
  });

  it('returns the decoded value', () => {
    expect(
      decode(
        response,
        {
          job: { Job: { id: '5', description: 'Leak', extra: 1 } },
          costs: [{ Cost: { id: '2' } }],
          status: 'success',
          action: 'quote',
        },
        'costs index',
      ),
    ).toEqual({
      job: { Job: { id: 5, description: 'Leak' } },
      costs: [{ Cost: { id: 2 } }],
      status: 'success',
      action: 'quote',
    });
  });

  it('lists every issue with a dotted and indexed path', () => {
    const issues = issuesOf(response, {
      job: { Job: { id: 'abc', description: 'Leak' } },
      costs: [{ Cost: { id: 1 } }, { Cost: {} }],
      status: 'ok',
      action: 'delete',
    });
    expect(issues).toEqual([
      'job.Job.id: expected a number, got "abc"',
      'costs[1].Cost.id is required',
      'status: expected "success", got "ok"',
      'action: expected one of "release" | "quote", got "delete"',
    ]);
  });

  it('throws a ContractError whose message names the call, the first issue and the count', () => {
    let caught: unknown;
    try {
      decode(response, { job: { Job: { id: 'abc' } }, costs: [] }, 'costs index');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ContractError);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as ContractError).message).toBe(
      'Unexpected response from the server (costs index): job.Job.id: expected a number, got "abc" (+3 more)',
    );
  });

  it('leaves out the count for a single issue', () => {
    expect(() => decode(v.array(text), { data: [] }, 'priorities')).toThrow(
      /^Unexpected response from the server \(priorities\): expected a list, got an object$/,
    );
  });

  it('reports a missing body as a whole', () => {
    expect(issuesOf(response, undefined)).toEqual(['expected an object, got nothing']);
  });
});
