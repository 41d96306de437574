import { useEffect, useId, useState } from 'react';
import {
  AUTHORISED_VIA,
  type AuthorisedVia,
  type AutocompleteItem,
  type Cost,
  type CostRecord,
  type CostValidateItem,
  costUpdatePath,
  costUpdateResponse,
} from '../../src/core/contract';
import { errorText } from '../../src/core/error-text';
import {
  approvalBlocker,
  awaitsValidation,
  costName,
  costUpdatePayload,
  isQuote,
  needsValidation,
} from '../../src/core/job-payloads';
import { apiFor, isAbort } from '../../src/runtime/api';
import { useConfig } from '../../src/runtime/define';
import { formatCurrency, formatMoney } from '../../src/runtime/format';
import { Autocomplete } from '../../src/ui/Autocomplete';
import { SelectField, TextareaField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, useAction } from '../../src/ui/useAction';
import { CapexValidation } from './CapexValidation';
import { costLinesView } from './cost-lines';
import type { JobResult } from './job-result';

/** How long a decided cost takes to slide away (matches the CSS transition). */
export const ROW_SLIDE_MS = 500;

const VIA_OPTIONS = AUTHORISED_VIA.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** The authoriser search (call 12). */
const AUTHORISER_SOURCE = '/api/users/search';

export interface CostCardProps {
  record: CostRecord;
  /** The job response's budget codes, id → name. */
  budgetCodes: Record<string, string>;
  jobBudgetCodeId: number | null;
  /** Set when approvals are disabled: the id of the text saying so. */
  disabledReasonId?: string;
  signal: AbortSignal;
  /** After the host recorded the decision, with what to tell the user ("Cost 11 approved"). */
  onDecided(approved: boolean, result: JobResult): void;
  /** Once the decided cost has slid away. */
  onGone(): void;
}

/** Who the authoriser search looks among (the host's rule, call 12), in the user's words. */
export function authoriserRule(cost: Pick<Cost, 'total' | 'approval_stage'>): string {
  const who = cost.approval_stage === 2 ? 'capex approvers' : 'users';
  return `Only ${who} who may authorise quotes of ${formatCurrency(cost.total)} or more are listed.`;
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
  const api = apiFor(useConfig());
  const { Cost: cost, CostBreakdown: rows } = record;
  const lines = costLinesView(rows);
  /** Type, Value, Quantity and Markup % always; Subtype and Description when they say something. */
  const labelColumns = 4 + (lines.subtypes ? 1 : 0) + (lines.sharedDescription === null ? 1 : 0);
  const ids = useId();
  const [authoriserText, setAuthoriserText] = useState('');
  const [authoriser, setAuthoriser] = useState<AutocompleteItem | null>(null);
  const [via, setVia] = useState<AuthorisedVia | null>(null);
  const [note, setNote] = useState('');
  const [decided, setDecided] = useState<'approved' | 'declined' | null>(null);
  const [savedItems, setSavedItems] = useState<CostValidateItem[]>(record.CostValidate);

  // docs/requirements.md §4: a decided cost turns red and slides away.
  useEffect(() => {
    if (!decided) return;
    const timer = setTimeout(onGone, ROW_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [decided, onGone]);

  const quote = isQuote(cost);
  const blocker = approvalBlocker(cost, {
    authoriserId: authoriser?.id ?? null,
    authorisedVia: via,
  });
  const validating = needsValidation(cost, record.CostValidate);
  const approveShown = !awaitsValidation(cost, savedItems);
  const approvalsOff = disabledReasonId !== undefined;
  const describedBy = [disabledReasonId, blocker === null ? undefined : `${ids}blockers`]
    .filter(Boolean)
    .join(' ');

  // Success is told by the list (the card slides away); only a failure is told here.
  const decide = (approved: boolean) => async (own: AbortSignal) => {
    const payload = costUpdatePayload(cost, {
      approved,
      authoriserId: authoriser?.id ?? null,
      authorisedVia: via,
      note,
    });
    try {
      await api.postJson(costUpdatePath(cost.id), payload, costUpdateResponse, { signal: own });
    } catch (failure) {
      // docs/requirements.md §7, §8: 'Error: {message}' and the button resets.
      if (isAbort(failure)) throw failure;
      throw new Error(`Error: ${errorText(failure)}`, { cause: failure });
    }
    setDecided(approved ? 'approved' : 'declined');
    onDecided(approved, { message: `${costName(cost)} ${approved ? 'approved' : 'declined'}` });
    return undefined;
  };
  const approve = useAction(decide(true), signal);
  const decline = useAction(decide(false), signal);
  const deciding = approve.busy || decline.busy;

  return (
    <article
      className={`fm-cost${decided ? ' fm-cost--leaving' : ''}`}
      aria-labelledby={`${ids}title`}
      data-cost-id={cost.id}
    >
      <h4 className="fm-cost__title" id={`${ids}title`}>
        {costName(cost)}
        {cost.capex && <span className="fm-badge">Capex</span>}
        {cost.approval_stage === 2 && <span className="fm-badge">Approval stage 2</span>}
      </h4>
      {lines.sharedDescription !== null && (
        <p className="fm-cost__description">{lines.sharedDescription}</p>
      )}
      <div className="fm-cost__scroll">
        <table className="fm-cost__table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              {lines.subtypes && <th scope="col">Subtype</th>}
              {lines.sharedDescription === null && <th scope="col">Description</th>}
              <th scope="col" className="fm-num">
                Value
              </th>
              <th scope="col" className="fm-num">
                Quantity
              </th>
              <th scope="col" className="fm-num">
                Markup %
              </th>
              <th scope="col" className="fm-num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // Breakdown rows have no id of their own and never reorder.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
              <tr key={index}>
                <td data-label="Type">{row.type_name}</td>
                {lines.subtypes && <td data-label="Subtype">{row.subtype_name ?? ''}</td>}
                {lines.sharedDescription === null && (
                  <td data-label="Description">{row.description ?? ''}</td>
                )}
                <td data-label="Value" className="fm-num">
                  {formatMoney(row.value)}
                </td>
                <td data-label="Quantity" className="fm-num">
                  {row.quantity}
                </td>
                <td data-label="Markup %" className="fm-num">
                  {formatMoney(row.markup_percent)}
                </td>
                <td data-label="Total" className="fm-num">
                  {formatMoney(row.total)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={labelColumns}>
                Total
              </th>
              <td className="fm-num fm-cost__total">{formatMoney(cost.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      {validating && (
        <CapexValidation
          record={record}
          budgetCodes={budgetCodes}
          jobBudgetCodeId={jobBudgetCodeId}
          signal={signal}
          onSaved={setSavedItems}
        />
      )}

      {quote && (
        <div className="fm-cost__authorisation">
          <Autocomplete
            label="Authoriser"
            field="Cost.authoriser_id"
            source={AUTHORISER_SOURCE}
            params={{
              type: cost.cost_type_id,
              cost_value: cost.total,
              // docs/requirements.md §4: approval stage 2 restricts the search to capex approvers.
              ...(cost.approval_stage === 2 ? { capex_approver: 1 } : {}),
            }}
            hint={authoriserRule(cost)}
            value={authoriserText}
            onChange={setAuthoriserText}
            onSelect={setAuthoriser}
            required
          />
          <SelectField
            label="Authorised via"
            field="Cost.authorised_via"
            required
            empty="Choose…"
            options={VIA_OPTIONS}
            value={via}
            onChange={setVia}
          />
        </div>
      )}

      <TextareaField
        label="Note (optional)"
        field="Note.description"
        rows={2}
        value={note}
        onChange={setNote}
      />

      {blocker !== null && !approvalsOff && (
        <p className="fm-cost__blockers" id={`${ids}blockers`}>
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
            busyLabel="Approving…"
            disabled={approvalsOff || blocker !== null || decided !== null || deciding}
            aria-describedby={describedBy || undefined}
          >
            Approve
          </ActionButton>
        ) : (
          <p className="fm-cost__hint">Save at least one capex validation answer to approve.</p>
        )}
        <ActionButton
          action={decline}
          className="btn btn-danger fm-cost__decline"
          busyLabel="Declining…"
          disabled={approvalsOff || blocker !== null || decided !== null || deciding}
          aria-describedby={describedBy || undefined}
        >
          Decline
        </ActionButton>
      </div>
    </article>
  );
}
