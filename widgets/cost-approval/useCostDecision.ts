import { useEffect, useState } from 'react';
import { type Cost, costUpdatePath, costUpdateResponse } from '../../src/core/contract';
import { type CostDecision, costName, costUpdatePayload } from '../../src/core/job-payloads';
import coreMessages from '../../src/core/messages';
import { isAbort } from '../../src/runtime/api';
import { useApi } from '../../src/runtime/use-api';
import { useErrorText, useWords } from '../../src/runtime/words';
import { type Action, useAction } from '../../src/ui/useAction';
import type { JobResult } from './job-result';
import messages from './messages';

/** How long a decided cost takes to slide away (matches the CSS transition). */
export const ROW_SLIDE_MS = 500;

export interface Decision {
  approve: Action;
  decline: Action;
  /** Set once the host recorded the decision: the cost then slides away. */
  decided: 'approved' | 'declined' | null;
  /** Either button's call is out. */
  deciding: boolean;
}

/**
 * Approve and decline of one cost (call 10). Success is told by the list (the card slides away,
 * then `onGone`); only a failure is told on the card.
 */
export function useCostDecision(
  cost: Cost,
  /** What goes with the decision besides approved or declined. */
  inputs: Omit<CostDecision, 'approved'>,
  signal: AbortSignal,
  onDecided: (approved: boolean, result: JobResult) => void,
  onGone: () => void,
): Decision {
  const api = useApi();
  const words = useWords(messages).costApproval;
  const jobWords = useWords(coreMessages);
  const errorText = useErrorText();
  const [decided, setDecided] = useState<'approved' | 'declined' | null>(null);

  // docs/requirements.md §4: a decided cost turns red and slides away.
  useEffect(() => {
    if (!decided) return;
    const timer = setTimeout(onGone, ROW_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [decided, onGone]);

  const decide = (approved: boolean) => async (own: AbortSignal) => {
    const payload = costUpdatePayload(cost, { approved, ...inputs });
    try {
      await api.postJson(costUpdatePath(cost.id), payload, costUpdateResponse, { signal: own });
    } catch (failure) {
      // docs/requirements.md §7, §8: 'Error: {message}' and the button resets.
      if (isAbort(failure)) throw failure;
      throw new Error(words.decisionFailed(errorText(failure)), { cause: failure });
    }
    setDecided(approved ? 'approved' : 'declined');
    const name = costName(cost, jobWords);
    onDecided(approved, { message: approved ? words.approved(name) : words.declined(name) });
    return undefined;
  };
  const approve = useAction(decide(true), signal);
  const decline = useAction(decide(false), signal);
  return { approve, decline, decided, deciding: approve.busy || decline.busy };
}
