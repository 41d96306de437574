import { useState } from 'react';
import { duplicateInvoicePath, parseDuplicateInvoice } from '../../src/core/contract';
import coreMessages from '../../src/core/messages';
import { ourFailure } from '../../src/runtime/api';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { useRemote } from '../../src/ui/useRemote';

/**
 * docs/requirements.md §5: the duplicate check runs only for invoice numbers of at least this
 * length (over 2).
 */
export const INVOICE_CHECK_MIN_LENGTH = 3;

/** Where the duplicate check of the invoice number is. */
export type InvoiceCheck =
  | { state: 'idle' | 'checking' | 'unique' | 'duplicate' }
  | { state: 'failed'; message: string };

export interface InvoiceChecker {
  check: InvoiceCheck;
  /** 'Duplicate Invoice Number' (job.duplicateInvoice) while the host says the job has it already. */
  error: string | null;
  /** The field was left with `value`: checks it (again), when it is long enough. */
  left(value: string): void;
  /** The number was edited: what was said of it no longer holds. */
  edited(): void;
  /** Checks the last number again (after a failed check). */
  retry(): void;
}

/**
 * The duplicate invoice check of a cost form on job `jobId`: each time the field is left with a
 * number long enough, the host is asked whether the job has it already (the latest answer counts).
 */
export function useInvoiceCheck(jobId: number): InvoiceChecker {
  const api = useApi();
  const { job: jobWords } = useWords(coreMessages);
  // A new object each time the field is left, so that leaving it again asks again.
  const [asked, setAsked] = useState<{ invoice: string } | null>(null);
  const answer = useRemote<boolean | null>(
    async (signal) => {
      if (!asked) return null;
      const body = await api.getText(duplicateInvoicePath(asked.invoice, jobId), { signal });
      const duplicate = parseDuplicateInvoice(body);
      if (duplicate === null) throw ourFailure('malformed');
      return duplicate;
    },
    [api, asked, jobId],
  );

  let check: InvoiceCheck;
  if (asked === null) check = { state: 'idle' };
  else if (answer.status === 'error')
    check = { state: 'failed', message: answer.messages.join(' ') };
  else if (answer.status === 'loading' || answer.value === null) check = { state: 'checking' };
  else check = { state: answer.value ? 'duplicate' : 'unique' };

  return {
    check,
    error: check.state === 'duplicate' ? jobWords.duplicateInvoice() : null,
    left(value) {
      const trimmed = value.trim();
      setAsked(trimmed.length < INVOICE_CHECK_MIN_LENGTH ? null : { invoice: trimmed });
    },
    edited() {
      setAsked(null);
    },
    retry: answer.retry,
  };
}
