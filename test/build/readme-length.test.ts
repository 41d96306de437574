// The README is read whole by a newcomer: it stays within 300 lines, and what does not fit goes to
// docs/ (linked from its "Further reading").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;

describe('README.md', () => {
  it(`is within ${MAX_LINES} lines`, () => {
    const lines = readFileSync('README.md', 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });
});
