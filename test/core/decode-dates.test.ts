import { describe, expect, it } from 'vitest';
import { dateTime, decode, isoDateTime } from '../../src/core/contract/decode';
import { issuesOf } from './issues';

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
