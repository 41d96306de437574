import { useEffect, useId, useState } from 'react';
import { apiFor, failureMessages, isAbort } from '../../src/core/api';
import {
  AUTHORISED_VIA,
  type AuthorisedVia,
  type AutocompleteItem,
  type CostRecord,
  type CostValidateItem,
  costUpdatePath,
  costUpdateResponse,
} from '../../src/core/contract';
import { useConfig } from '../../src/core/define';
import { formatMoney } from '../../src/core/format';
import {
  approvalBlockers,
  costUpdatePayload,
  hasValidationStatus,
  isQuote,
  needsValidation,
} from '../../src/core/job-payloads';
import { Alert } from '../../src/ui/Alert';
import { Autocomplete } from '../../src/ui/Autocomplete';
import { BusyButton } from '../../src/ui/BusyButton';
import { CapexValidation } from './CapexValidation';
import type { Outcome } from './outcome';

/** How long a decided cost takes to slide away (matches the CSS transition). */
export const ROW_SLIDE_MS = 500;

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
  onDecided(approved: boolean, outcome: Outcome): void;
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
  const api = apiFor(useConfig());
  const { Cost: cost, CostBreakdown: rows } = record;
  const ids = useId();
  const [authoriserText, setAuthoriserText] = useState('');
  const [authoriser, setAuthoriser] = useState<AutocompleteItem | null>(null);
  const [via, setVia] = useState<AuthorisedVia | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [decided, setDecided] = useState<'approved' | 'declined' | null>(null);
  const [savedItems, setSavedItems] = useState<CostValidateItem[]>(record.CostValidate);

  // SPEC §4: a decided cost turns red and slides away.
  useEffect(() => {
    if (!decided) return;
    const timer = setTimeout(onGone, ROW_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [decided, onGone]);

  const quote = isQuote(cost);
  const kind = quote ? 'Quote' : 'Cost';
  const blockers = approvalBlockers(cost, {
    authoriserId: authoriser?.id ?? null,
    authorisedVia: via,
  });
  const validating = needsValidation(cost, record.CostValidate);
  const approveShown = !validating || hasValidationStatus(savedItems);
  const approvalsOff = disabledReasonId !== undefined;
  const describedBy = [disabledReasonId, blockers.length > 0 ? `${ids}blockers` : undefined]
    .filter(Boolean)
    .join(' ');

  async function decide(approved: boolean) {
    setError(null);
    try {
      const payload = costUpdatePayload(cost, {
        approved,
        authoriserId: authoriser?.id ?? null,
        authorisedVia: via,
        note,
      });
      await api.postJson(costUpdatePath(cost.id), payload, costUpdateResponse, { signal });
      setDecided(approved ? 'approved' : 'declined');
      onDecided(approved, { message: `${kind} ${cost.id} ${approved ? 'approved' : 'declined'}` });
    } catch (failure) {
      // SPEC §7, §8: 'Error: {message}' and the button resets.
      if (!isAbort(failure)) setError(`Error: ${failureMessages(failure).join(' ')}`);
    }
  }

  return (
    <article
      className={`fm-cost${decided ? ' fm-cost--leaving' : ''}`}
      aria-labelledby={`${ids}title`}
      data-cost-id={cost.id}
    >
      <h4 className="fm-cost__title" id={`${ids}title`}>
        {kind} {cost.id}
        {cost.capex && <span className="fm-badge">Capex</span>}
        {cost.approval_stage === 2 && <span className="fm-badge">Approval stage 2</span>}
      </h4>
      <div className="fm-cost__scroll">
        <table className="fm-cost__table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Subtype</th>
              <th scope="col">Description</th>
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
                <td data-label="Subtype">{row.subtype_name ?? ''}</td>
                <td data-label="Description">{row.description ?? ''}</td>
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
              <th scope="row" colSpan={6}>
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
            source={AUTHORISER_SOURCE}
            params={{
              type: cost.cost_type_id,
              cost_value: cost.total,
              // SPEC §4: approval stage 2 restricts the search to capex approvers.
              ...(cost.approval_stage === 2 ? { capex_approver: 1 } : {}),
            }}
            value={authoriserText}
            onChange={setAuthoriserText}
            onSelect={setAuthoriser}
            required
          />
          <div className="fm-field">
            <label htmlFor={`${ids}via`}>Authorised via</label>
            <select
              id={`${ids}via`}
              required
              value={via ?? ''}
              onChange={(event) =>
                setVia(event.target.value === '' ? null : (event.target.value as AuthorisedVia))
              }
            >
              <option value="">Choose…</option>
              {AUTHORISED_VIA.map((option) => (
                <option key={option} value={option}>
                  {option.charAt(0).toUpperCase() + option.slice(1)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}

      <div className="fm-field">
        <label htmlFor={`${ids}note`}>Note (optional)</label>
        <textarea
          id={`${ids}note`}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>

      {blockers.length > 0 && !approvalsOff && (
        <p className="fm-cost__blockers" id={`${ids}blockers`}>
          To approve or decline this quote: {blockers.join('; ')}.
        </p>
      )}
      {error && <Alert kind="danger" messages={error} />}
      <div className="fm-cost__actions">
        {approveShown ? (
          <BusyButton
            className="btn btn-success fm-cost__approve"
            busyLabel="Approving…"
            disabled={approvalsOff || blockers.length > 0 || decided !== null}
            aria-describedby={describedBy || undefined}
            onAction={() => decide(true)}
          >
            Approve
          </BusyButton>
        ) : (
          <p className="fm-cost__hint">Save at least one capex validation answer to approve.</p>
        )}
        <BusyButton
          className="btn btn-danger fm-cost__decline"
          busyLabel="Declining…"
          disabled={approvalsOff || blockers.length > 0 || decided !== null}
          aria-describedby={describedBy || undefined}
          onAction={() => decide(false)}
        >
          Decline
        </BusyButton>
      </div>
    </article>
  );
}
