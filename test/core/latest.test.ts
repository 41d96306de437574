import { describe, expect, it } from 'vitest';
import { latestWins } from '../../src/runtime/latest';

describe('latestWins', () => {
  it('keeps only the newest request current, whatever order the answers come in', () => {
    const begin = latestWins();
    const first = begin();
    expect(first()).toBe(true);
    const second = begin();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });

  it('gives each guard its own count (two stores never interfere)', () => {
    const tiles = latestWins();
    const costs = latestWins();
    const tile = tiles();
    costs();
    costs();
    expect(tile()).toBe(true);
  });
});
