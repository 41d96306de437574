import { describe, expect, it } from 'vitest';
import { errorLines, errorText } from '../../src/core/error-text';
import { ApiError } from '../../src/runtime/api';

describe('an error as words for the user', () => {
  it("keeps the server's list of messages, and gives any other error's message", () => {
    expect(errorLines(new ApiError('http', ['One.', 'Two.'], 422))).toEqual(['One.', 'Two.']);
    expect(errorLines(new Error('Broken'))).toEqual(['Broken']);
    expect(errorLines('text')).toEqual(['text']);
  });

  it('joins the list into one text, the same as the error’s own message', () => {
    const failure = new ApiError('http', ['One.', 'Two.'], 422);
    expect(errorText(failure)).toBe('One. Two.');
    expect(errorText(failure)).toBe(failure.message);
    expect(errorText(new Error('Broken'))).toBe('Broken');
    expect(errorText(undefined)).toBe('undefined');
  });
});
