import { ApiError } from '../../src/core/api';

/** An abort means the element has left the page or the dialog closed: nobody is there to tell. */
export function isAbort(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'aborted';
}

/** The messages of a failed call, fit to show (the host's list stays a list). */
export function failureMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  return [error instanceof Error ? error.message : String(error)];
}
