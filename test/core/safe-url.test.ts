import { describe, expect, it } from 'vitest';
import { AttributeError } from '../../src/core/attributes';
import { formAction, safeHref } from '../../src/core/safe-url';

describe('safeHref', () => {
  it('keeps page addresses: relative, http(s), mailto and tel', () => {
    for (const href of [
      '/jobs',
      'jobs/1',
      '#top',
      '?page=2',
      'https://portal.example.com/x',
      'mailto:a@b.c',
      'tel:+44113',
    ]) {
      expect(safeHref(href)).toBe(href);
    }
  });

  it('refuses script and data URLs however they are spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(safeHref(href)).toBeNull();
    }
  });
});

describe('formAction', () => {
  it('is the host action, or the default without one', () => {
    expect(formAction('/costs/add/7', '/x')).toBe('/costs/add/7');
    expect(formAction(undefined, '/x')).toBe('/x');
  });

  it('names data-action when the action is a script URL', () => {
    expect(() => formAction('javascript:alert(1)', '/x')).toThrow(AttributeError);
    expect(() => formAction('javascript:alert(1)', '/x')).toThrow(
      'data-action must be a page of this site or an http(s) address',
    );
  });
});
