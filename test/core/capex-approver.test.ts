import { describe, expect, it } from 'vitest';
import { canApproveCapex } from '../../src/core/capex-approver';

describe('capex approver', () => {
  it('reads 0, empty and non-amounts as no authorisation', () => {
    expect(canApproveCapex('0')).toBe(false);
    expect(canApproveCapex('0.00')).toBe(false);
    expect(canApproveCapex('')).toBe(false);
    expect(canApproveCapex('abc')).toBe(false);
    expect(canApproveCapex('0.01')).toBe(true);
    expect(canApproveCapex('1,000')).toBe(true);
  });
});
