import { useId, useState } from 'react';
import type {
  AuthorisedVia,
  AutocompleteItem,
  CostRecord,
  CostValidateItem,
} from '../../src/core/contract';
import {
  approvalBlocker,
  awaitsValidation,
  costName,
  isQuote,
  needsValidation,
} from '../../src/core/job-payloads';
import coreMessages from '../../src/core/messages';
import { useWords } from '../../src/runtime/words';
import { TextareaField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome } from '../../src/ui/useAction';
import { CapexValidation } from './CapexValidation';
import { CostLines } from './CostLines';
import { costLinesView } from './cost-lines';
import type { JobResult } from './job-result';
import messages from './messages';
import { QuoteAuthorisation } from './QuoteAuthorisation';
import { type Decision, useCostDecision } from './useCostDecision';

export interface CostCardProps {
  record: CostRecord;
  /** The job response's budget codes, id → name. */
  budgetCodes: Record<string, string>;
  jobBudgetCodeId: number | null;
  /** Set when approvals are disabled: the id of the text saying so. */
  disabledReasonId?: string;
  signal: AbortSignal;
  /** After the host recorded the decision, with what to tell the user ("Cost of £12.00 approved."). */
  onDecided(approved: boolean, result: JobResult): void;
  /** Once the decided cost has slid away. */
  onGone(): void;
}

/** One cost awaiting approval: its breakdown, what a quote needs, and approve / decline. */
export function CostCard({
  record,
  budgetCodes,
  jobBudgetCodeId,
  disabledReasonId,
  signal,
  onDecided,
  onGone,
}: CostCardProps) {
  const { Cost: cost, CostBreakdown: rows } = record;
  const lines = costLinesView(rows);
  const ids = useId();
  const words = useWords(messages).costApproval;
  const jobWords = useWords(coreMessages);
  const [authoriser, setAuthoriser] = useState<AutocompleteItem | null>(null);
  const [via, setVia] = useState<AuthorisedVia | null>(null);
  const [note, setNote] = useState('');
  const [savedItems, setSavedItems] = useState<CostValidateItem[]>(record.CostValidate);
  const inputs = { authoriserId: authoriser?.id ?? null, authorisedVia: via };
  const decision = useCostDecision(cost, { ...inputs, note }, signal, onDecided, onGone);

  const blocker = approvalBlocker(cost, inputs, jobWords);
  const approvalsOff = disabledReasonId !== undefined;
  const describedBy = [disabledReasonId, blocker === null ? undefined : `${ids}blockers`]
    .filter(Boolean)
    .join(' ');

  return (
    <article
      className={`fm-cost${decision.decided ? ' fm-cost--leaving' : ''}`}
      aria-labelledby={`${ids}title`}
      data-cost-id={cost.id}
    >
      <h4 className="fm-cost__title" id={`${ids}title`}>
        {costName(cost, jobWords)}
        {cost.capex && <span className="fm-badge">{words.capex()}</span>}
        {cost.approval_stage === 2 && <span className="fm-badge">{words.approvalStage2()}</span>}
      </h4>
      {lines.sharedDescription !== null && (
        <p className="fm-cost__description">{lines.sharedDescription}</p>
      )}
      <CostLines rows={rows} lines={lines} total={cost.total} />

      {needsValidation(cost, record.CostValidate) && (
        <CapexValidation
          record={record}
          budgetCodes={budgetCodes}
          jobBudgetCodeId={jobBudgetCodeId}
          signal={signal}
          onSaved={setSavedItems}
        />
      )}

      {isQuote(cost) && (
        <QuoteAuthorisation cost={cost} via={via} onAuthoriser={setAuthoriser} onVia={setVia} />
      )}

      <TextareaField
        label={words.note()}
        field="Note.description"
        rows={2}
        value={note}
        onChange={setNote}
      />

      <DecisionButtons
        decision={decision}
        approveShown={!awaitsValidation(cost, savedItems)}
        blocker={approvalsOff ? null : blocker}
        blockerId={`${ids}blockers`}
        disabled={
          approvalsOff || blocker !== null || decision.decided !== null || decision.deciding
        }
        describedBy={describedBy || undefined}
      />
    </article>
  );
}

/** What stops a decision, what the last one came to, and Approve and Decline. */
function DecisionButtons({
  decision: { approve, decline },
  approveShown,
  blocker,
  blockerId,
  disabled,
  describedBy,
}: {
  decision: Decision;
  /** False while a capex quote awaits its first validation answer. */
  approveShown: boolean;
  /** What the user must still do; null when nothing, or when approvals are off anyway. */
  blocker: string | null;
  blockerId: string;
  disabled: boolean;
  describedBy: string | undefined;
}) {
  const words = useWords(messages).costApproval;
  return (
    <>
      {blocker !== null && (
        <p className="fm-cost__blockers" id={blockerId}>
          {blocker}
        </p>
      )}
      <ActionOutcome action={approve} />
      <ActionOutcome action={decline} />
      <div className="fm-cost__actions">
        {approveShown ? (
          <ActionButton
            action={approve}
            className="btn btn-success fm-cost__approve"
            busyLabel={words.approving()}
            disabled={disabled}
            aria-describedby={describedBy}
          >
            {words.approve()}
          </ActionButton>
        ) : (
          <p className="fm-cost__hint">{words.capexValidationNeeded()}</p>
        )}
        <ActionButton
          action={decline}
          className="btn btn-danger fm-cost__decline"
          busyLabel={words.declining()}
          disabled={disabled}
          aria-describedby={describedBy}
        >
          {words.decline()}
        </ActionButton>
      </div>
    </>
  );
}
