import { useId, useState } from 'react';
import { AttributeError } from '../../src/core/attributes';
import { assignEngineerPath, assignEngineerResponse } from '../../src/core/contract';
import { assignEngineerPayload } from '../../src/core/job-payloads';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { ActionButton, ActionOutcome, useAction } from '../../src/ui/useAction';
import type { CostApprovalWords } from './CostApproval';
import messages from './messages';

/**
 * An engineer the host offers for the job; `assignedId` is the assignment when assigned (sent back
 * to remove it, never shown), `assigned` when it was made, as the host shows dates.
 */
export interface Engineer {
  id: number;
  name: string;
  assignedId?: number | null;
  assigned?: string | null;
}

/** The `data-engineers` list, checked so a wrong shape is reported naming the attribute. */
export function checkEngineers(value: unknown): Engineer[] | undefined {
  if (value === undefined) return undefined;
  const valid =
    Array.isArray(value) &&
    value.every(
      (item: Partial<Engineer> | null) =>
        typeof item?.id === 'number' &&
        typeof item.name === 'string' &&
        (item.assignedId == null || typeof item.assignedId === 'number') &&
        (item.assigned == null || typeof item.assigned === 'string'),
    );
  if (!valid) {
    throw new AttributeError(
      'data-engineers',
      'data-engineers must be a list of { "id": number, "name": text, "assignedId": number | null, "assigned": text | null }',
    );
  }
  return value as Engineer[];
}

/**
 * An assignment made or removed in the modal, kept by the element so that the modal opened again
 * shows it (the host's `data-engineers` is written once, with the page). `from` is the host's
 * assignment it replaced: once the host writes another, the host's list is shown again.
 */
export interface EngineerChange {
  from: number | null;
  assignedId: number | null;
  /** When the host recorded it, DD/MM/YYYY HH:mm (the call answers no time: the device's clock). */
  assigned: string | null;
}

/** The host's engineers, with the changes made in the modal since the host wrote them. */
export function withChanges(
  engineers: readonly Engineer[],
  changes: ReadonlyMap<number, EngineerChange>,
): Engineer[] {
  return engineers.map((engineer) => {
    const change = changes.get(engineer.id);
    if (!change || change.from !== (engineer.assignedId ?? null)) return engineer;
    return { ...engineer, assignedId: change.assignedId, assigned: change.assigned };
  });
}

/** What a row says of the engineer: the page's words for a past assignment, "just now" for one. */
function assignmentText(engineer: Engineer, justNow: boolean, words: CostApprovalWords): string {
  if (engineer.assignedId == null) return words.notAssigned();
  if (justNow) return words.assignedJustNow();
  return engineer.assigned ? words.assignedOn(engineer.assigned) : words.assigned();
}

/**
 * Assigns engineers to the job and removes them (call 11), saying who is assigned and since when.
 * `assignRefused` is why the job lifecycle gives the job no engineer (not released yet): Assign
 * is then disabled with that reason beside it, and an engineer already on the job can be removed.
 */
export function Engineers({
  jobId,
  engineers,
  assignRefused,
  signal,
  onChanged,
}: {
  jobId: number;
  /** As the host wrote them, with the modal's changes (withChanges). */
  engineers: Engineer[];
  assignRefused: string | null;
  signal: AbortSignal;
  /** Once the host has recorded an assignment or its removal. */
  onChanged(engineer: Engineer, assignedId: number | null): void;
}) {
  const ids = useId();
  const words = useWords(messages).costApproval;
  return (
    <section className="fm-cost-dialog__section fm-engineers" aria-labelledby={`${ids}h`}>
      <h3 id={`${ids}h`}>{words.engineers()}</h3>
      {assignRefused && (
        <p className="fm-engineers__refused" id={`${ids}r`}>
          {assignRefused}
        </p>
      )}
      <ul className="fm-engineers__list">
        {engineers.map((engineer) => (
          <EngineerRow
            key={engineer.id}
            jobId={jobId}
            engineer={engineer}
            refusedBy={assignRefused ? `${ids}r` : null}
            signal={signal}
            onChanged={onChanged}
          />
        ))}
      </ul>
    </section>
  );
}

function EngineerRow({
  jobId,
  engineer,
  refusedBy,
  signal,
  onChanged,
}: {
  jobId: number;
  engineer: Engineer;
  /** The id of the line that says why Assign is refused, when it is. */
  refusedBy: string | null;
  signal: AbortSignal;
  onChanged(engineer: Engineer, assignedId: number | null): void;
}) {
  const api = useApi();
  const { emit } = useHost();
  const words = useWords(messages).costApproval;
  const assignedId = engineer.assignedId ?? null;
  // "just now" only in the modal where the click was; opened again, the time is said.
  const [justNow, setJustNow] = useState(false);
  // The row's state says what happened; only a failure needs words.
  const toggle = useAction(async (own) => {
    const answer = await api.postJson(
      assignEngineerPath(),
      assignEngineerPayload(jobId, engineer.id, assignedId),
      assignEngineerResponse,
      { signal: own },
    );
    setJustNow(answer.assigned_id !== null);
    onChanged(engineer, answer.assigned_id);
    emit('fm-engineer-assigned', { jobId, userId: engineer.id, assignedId: answer.assigned_id });
    return undefined;
  }, signal);
  const nameId = `fm-engineer-${jobId}-${engineer.id}`;

  return (
    <li className="fm-engineers__row">
      <span className="fm-engineers__who">
        <span className="fm-engineers__name" id={nameId}>
          {engineer.name}
        </span>
        <span className="fm-visually-hidden">: </span>
        <span className="fm-engineers__state">{assignmentText(engineer, justNow, words)}</span>
      </span>
      <span className="fm-engineers__act">
        <ActionButton
          action={toggle}
          className="btn btn-default btn-outline-secondary fm-engineers__toggle"
          saves
          aria-label={
            assignedId === null
              ? words.assignEngineer(engineer.name)
              : words.unassignEngineer(engineer.name)
          }
          disabled={assignedId === null && refusedBy !== null}
          aria-describedby={assignedId === null ? (refusedBy ?? undefined) : undefined}
        >
          {assignedId === null ? words.assign() : words.unassign()}
        </ActionButton>
      </span>
      <ActionOutcome action={toggle} />
    </li>
  );
}
