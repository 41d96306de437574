import type * as v from 'valibot';
import { ContractError, decode } from '../../src/core/contract/decode';

/** The issues decode reports for `input`, or [] when it decodes. */
export function issuesOf(schema: v.GenericSchema, input: unknown): readonly string[] {
  try {
    decode(schema, input, 'test');
    return [];
  } catch (error) {
    if (error instanceof ContractError) return error.issues;
    throw error;
  }
}
