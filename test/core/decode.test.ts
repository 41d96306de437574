import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContractError, decode, int, num, text } from '../../src/core/contract/decode';
import { bool, id } from '../../src/core/contract/shapes';
import { issuesOf } from './issues';

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
