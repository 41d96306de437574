import { afterEach, describe, expect, it } from 'vitest';
import { csrfToken } from '../../src/runtime/csrf';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('csrfToken', () => {
  it('reads the page\'s <meta name="csrf-token"> at each call', () => {
    document.head.innerHTML = '<meta name="csrf-token" content="token-1">';
    expect(csrfToken()).toBe('token-1');
    document.head.innerHTML = '<meta name="csrf-token" content="token-2">';
    expect(csrfToken()).toBe('token-2');
  });

  it('is empty on a page without a token, and reads another document when given one', () => {
    expect(csrfToken()).toBe('');
    const other = document.implementation.createHTMLDocument('');
    other.head.innerHTML = '<meta name="csrf-token" content="framed">';
    expect(csrfToken(other)).toBe('framed');
  });
});
