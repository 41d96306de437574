import { describe, expect, it } from 'vitest';
import {
  AUTOCOMPLETE_MIN_LENGTH,
  completeTerm,
  currentTerm,
  shouldSearch,
} from '../../src/core/autocomplete';

describe('currentTerm', () => {
  it('is the whole trimmed text for a single-value input', () => {
    expect(currentTerm('  Leeds, Head office ')).toBe('Leeds, Head office');
  });

  it('is the last comma-separated term, trimmed, when multiple', () => {
    expect(currentTerm('Leeds, York,  Hu', true)).toBe('Hu');
    expect(currentTerm('Leeds, ', true)).toBe('');
    expect(currentTerm('Le', true)).toBe('Le');
    expect(currentTerm('', true)).toBe('');
  });
});

describe('shouldSearch', () => {
  it('starts at 2 characters (docs/requirements.md §9)', () => {
    expect(AUTOCOMPLETE_MIN_LENGTH).toBe(2);
    expect(shouldSearch('L')).toBe(false);
    expect(shouldSearch('Le')).toBe(true);
    expect(shouldSearch(' L ')).toBe(false);
  });

  it('counts only the last term when multiple', () => {
    expect(shouldSearch('Leeds, Y', true)).toBe(false);
    expect(shouldSearch('Leeds, Yo', true)).toBe(true);
    expect(shouldSearch('Leeds,', true)).toBe(false);
  });

  it('honours another minimum', () => {
    expect(shouldSearch('Lee', false, 4)).toBe(false);
    expect(shouldSearch('Leed', false, 4)).toBe(true);
  });
});

describe('completeTerm', () => {
  it('replaces the whole text for a single-value input', () => {
    expect(completeTerm('le', 'Leeds')).toBe('Leeds');
  });

  it('replaces the last term and leaves room for the next when multiple', () => {
    expect(completeTerm('York, le', 'Leeds', true)).toBe('York, Leeds, ');
    expect(completeTerm('le', 'Leeds', true)).toBe('Leeds, ');
    expect(completeTerm('York,,  Hull, le', 'Leeds', true)).toBe('York, Hull, Leeds, ');
  });
});
