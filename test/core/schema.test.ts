import { describe, expect, it } from 'vitest';
import { decode } from '../../src/core/decode';
import * as v from '../../src/core/schema';
import { issuesOf } from './issues';

const ok = <S extends v.GenericSchema>(schema: S, input: unknown) => decode(schema, input, 'test');

describe('primitives', () => {
  it('accept their type as is and name it otherwise', () => {
    expect(ok(v.string(), 'a')).toBe('a');
    expect(issuesOf(v.string(), 1)).toEqual(['expected a string, got 1']);
    expect(ok(v.number(), 1.5)).toBe(1.5);
    expect(issuesOf(v.number(), '1')).toEqual(['expected a number, got "1"']);
    expect(issuesOf(v.number(), Number.NaN)).toEqual(['expected a number, got NaN']);
    expect(ok(v.boolean(), false)).toBe(false);
    expect(issuesOf(v.boolean(), 0)).toEqual(['expected true or false, got 0']);
    expect(issuesOf(v.file(), 'x.jpg')).toEqual(['expected a file, got "x.jpg"']);
    expect(ok(v.unknown(), undefined)).toBeUndefined();
  });

  it('take a message of their own', () => {
    expect(issuesOf(v.string('a name, please'), null)).toEqual(['a name, please']);
    expect(
      issuesOf(
        v.custom(() => false),
        [],
      ),
    ).toEqual(['expected something else, got a list']);
  });
});

describe('object', () => {
  const job = v.object({
    id: v.number(),
    ref: v.optional(v.string()),
    due: v.optional(v.number(), 0),
  });

  it('keeps declared keys only, leaves out an absent optional key and fills a default', () => {
    expect(ok(job, { id: 1, extra: true })).toEqual({ id: 1, due: 0 });
    expect(Object.keys(ok(job, { id: 1 }))).toEqual(['id', 'due']);
    expect(ok(job, { id: 1, ref: 'A', due: 5 })).toEqual({ id: 1, ref: 'A', due: 5 });
  });

  it('reports every key at fault with its path, a missing one as required', () => {
    expect(issuesOf(job, { ref: 2, due: 'x' })).toEqual([
      'id is required',
      'ref: expected a string, got 2',
      'due: expected a number, got "x"',
    ]);
    expect(issuesOf(job, 'job')).toEqual(['expected an object, got "job"']);
    expect(issuesOf(job, null)).toEqual(['expected an object, got null']);
  });

  it('nests paths, outermost first, lists indexed in brackets', () => {
    const response = v.object({ jobs: v.array(v.object({ Job: v.object({ id: v.number() }) })) });
    expect(issuesOf(response, { jobs: [{ Job: { id: 1 } }, { Job: {} }] })).toEqual([
      'jobs[1].Job.id is required',
    ]);
  });

  it('decodes a default as input of its schema', () => {
    const flag = v.object({
      on: v.optional(
        v.pipe(
          v.string(),
          v.transform((s) => s === 'y'),
        ),
        'n',
      ),
    });
    expect(ok(flag, {})).toEqual({ on: false });
  });
});

describe('array and record', () => {
  it('decode each item and each entry', () => {
    expect(ok(v.array(v.number()), [1, 2])).toEqual([1, 2]);
    expect(issuesOf(v.array(v.number()), [1, 'x', null])).toEqual([
      '[1]: expected a number, got "x"',
      '[2]: expected a number, got null',
    ]);
    expect(issuesOf(v.array(v.number()), {})).toEqual(['expected a list, got an object']);
    const names = v.record(v.pipe(v.string(), v.regex(/^\d+$/, v.expected('an id'))), v.string());
    expect(ok(names, { 1: 'a', 2: 'b' })).toEqual({ 1: 'a', 2: 'b' });
    expect(issuesOf(names, { x: 1 })).toEqual([
      'x: expected an id, got "x"',
      'x: expected a string, got 1',
    ]);
  });

  it('never lets a __proto__ key become the prototype', () => {
    const decoded = ok(v.record(v.string(), v.unknown()), JSON.parse('{"__proto__": {"p": 1}}'));
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect((decoded as Record<string, unknown>).p).toBeUndefined();
  });

  it('nullable lets null through and decodes anything else', () => {
    expect(ok(v.nullable(v.number()), null)).toBeNull();
    expect(issuesOf(v.nullable(v.number()), 'x')).toEqual(['expected a number, got "x"']);
  });
});

describe('choices', () => {
  it('literal and picklist name the values allowed', () => {
    expect(ok(v.literal('success'), 'success')).toBe('success');
    expect(issuesOf(v.literal('success'), 'ok')).toEqual(['expected "success", got "ok"']);
    expect(issuesOf(v.picklist([0, 1, 2]), '1')).toEqual(['expected one of 0 | 1 | 2, got "1"']);
  });

  it('union takes the first option that decodes, else one issue', () => {
    const message = v.union([v.string(), v.array(v.string())], v.expected('text or texts'));
    expect(ok(message, ['a'])).toEqual(['a']);
    expect(issuesOf(message, [1])).toEqual(['expected text or texts, got a list']);
  });

  it('variant picks the option by its key and names the keys allowed', () => {
    const answer = v.variant('status', [
      v.object({ status: v.literal('success'), id: v.number() }),
      v.object({ status: v.literal('error'), message: v.string() }),
    ]);
    expect(ok(answer, { status: 'error', message: 'No' })).toEqual({
      status: 'error',
      message: 'No',
    });
    expect(issuesOf(answer, { status: 'success' })).toEqual(['id is required']);
    expect(issuesOf(answer, { status: 'ok' })).toEqual([
      'status: expected one of "success" | "error", got "ok"',
    ]);
    expect(issuesOf(answer, {})).toEqual(['status is required']);
    expect(issuesOf(answer, 3)).toEqual(['expected an object, got 3']);
  });
});

describe('pipe', () => {
  const port = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535));

  it('runs every check on a typed value and reports each that fails', () => {
    expect(ok(port, 8080)).toBe(8080);
    expect(issuesOf(port, 0.5)).toEqual([
      'expected a whole number, got 0.5',
      'expected 1 or more, got 0.5',
    ]);
    expect(issuesOf(port, 70000)).toEqual(['expected at most 65535, got 70000']);
  });

  it('stops at the type: no checks or transforms on a value of the wrong type', () => {
    let transformed = false;
    const doubled = v.pipe(
      v.number(),
      v.transform((n: number) => {
        transformed = true;
        return n * 2;
      }),
    );
    expect(issuesOf(port, 'x')).toEqual(['expected a number, got "x"']);
    expect(issuesOf(doubled, 'x')).toHaveLength(1);
    expect(transformed).toBe(false);
    expect(ok(doubled, 2)).toBe(4);
  });

  it('stops before a transform once a check has failed', () => {
    const parsed = v.pipe(
      v.string(),
      v.startsWith('/'),
      v.transform((s: string) => s.length),
    );
    expect(ok(parsed, '/ab')).toBe(3);
    expect(issuesOf(parsed, 'ab')).toEqual(['expected text starting with "/", got "ab"']);
    expect(issuesOf(v.pipe(v.string(), v.minLength(2)), 'a')).toEqual([
      'expected a length of 2 or more, got "a"',
    ]);
  });

  it('forward puts a check on the whole object at one of its keys', () => {
    const range = v.pipe(
      v.object({ from: v.number(), to: v.number() }),
      v.forward(
        v.check((r: { from: number; to: number }) => r.from <= r.to, 'must not be before from'),
        ['to'],
      ),
    );
    expect(ok(range, { from: 1, to: 2 })).toEqual({ from: 1, to: 2 });
    expect(issuesOf(range, { from: 3, to: 2 })).toEqual(['to: must not be before from']);
    expect(issuesOf(range, { from: 3 })).toEqual(['to is required']);
  });

  it('rawTransform can fail, which stops the pipe', () => {
    const parsed = v.pipe(
      v.string(),
      v.rawTransform((s: string, fail) => (s === '' ? fail('empty') : s.length)),
      v.number(),
    );
    expect(ok(parsed, 'abc')).toBe(3);
    expect(issuesOf(parsed, '')).toEqual(['empty']);
  });
});

describe('safeParse and is', () => {
  it('answer without throwing', () => {
    expect(v.safeParse(v.number(), 1)).toEqual({ success: true, output: 1 });
    const failed = v.safeParse(v.number(), 'x');
    expect(failed.success).toBe(false);
    expect(failed.issues?.[0]).toMatchObject({ input: 'x', message: 'expected a number, got "x"' });
    expect(v.is(v.number(), 1)).toBe(true);
    expect(v.is(v.number(), '1')).toBe(false);
  });
});
