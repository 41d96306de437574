import { describe, expect, it } from 'vitest';
import { refusalMessages } from '../../src/core/contract';

describe('refusalMessages: what a host hands back to a form it refused', () => {
  it('no attribute, no refusal', () => {
    expect(refusalMessages(undefined)).toBeNull();
    expect(refusalMessages(null)).toBeNull();
  });

  it('plain text is the message, trimmed; text that merely starts like JSON stays text', () => {
    expect(refusalMessages('  Job 1004 is On Site.  ')).toEqual(['Job 1004 is On Site.']);
    expect(refusalMessages('[Job 1004] is On Site')).toEqual(['[Job 1004] is On Site']);
    expect(refusalMessages('{not json')).toEqual(['{not json']);
  });

  it("the host's error body, with one message or a list; a list of messages; a quoted message", () => {
    expect(refusalMessages('{"status":"error","message":"Refused."}')).toEqual(['Refused.']);
    expect(refusalMessages('{"status":"error","message":["A", " ", "B"]}')).toEqual(['A', 'B']);
    expect(refusalMessages('["A","B"]')).toEqual(['A', 'B']);
    expect(refusalMessages('"Refused."')).toEqual(['Refused.']);
    expect(refusalMessages('409')).toEqual(['409']);
    // PHP's json_encode escapes (JSON_HEX_*) are read as the characters they stand for.
    expect(refusalMessages('{"status":"error","message":"\\u003Cb\\u003E \\/ \\u0026"}')).toEqual([
      '<b> / &',
    ]);
  });

  it('an empty message, or JSON of another shape, gives no reason', () => {
    for (const given of [
      '',
      '  ',
      '{}',
      '{"status":"error"}',
      '{"status":"error","message":""}',
      '[]',
      '{"ok":true}',
      'null',
      'true',
      '[1, {}]',
    ]) {
      expect(refusalMessages(given)).toEqual([]);
    }
  });
});
