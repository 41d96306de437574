import { useId, useState } from 'react';
import { assignEngineerPath, assignEngineerResponse } from '../../src/core/contract';
import { assignEngineerPayload } from '../../src/core/job-payloads';
import { AttributeError } from '../../src/loader/attributes';
import { apiFor } from '../../src/runtime/api';
import { useConfig, useHost } from '../../src/runtime/define';
import { SAVING_LABEL } from '../../src/ui/SubmitButton';
import { ActionButton, ActionOutcome, useAction } from '../../src/ui/useAction';

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
 * Assigns engineers to the job and removes them (call 11), saying who is assigned and since when.
 * `assignRefused` is why the job lifecycle gives the job no engineer (not released yet): Assign
 * is then disabled with that reason beside it, and an engineer already on the job can be removed.
 */
export function Engineers({
  jobId,
  engineers,
  assignRefused,
  signal,
}: {
  jobId: number;
  engineers: Engineer[];
  assignRefused: string | null;
  signal: AbortSignal;
}) {
  const ids = useId();
  return (
    <section className="fm-cost-dialog__section fm-engineers" aria-labelledby={`${ids}h`}>
      <h3 id={`${ids}h`}>Engineers</h3>
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
}: {
  jobId: number;
  engineer: Engineer;
  /** The id of the line that says why Assign is refused, when it is. */
  refusedBy: string | null;
  signal: AbortSignal;
}) {
  const api = apiFor(useConfig());
  const { emit } = useHost();
  const [assignedId, setAssignedId] = useState<number | null>(engineer.assignedId ?? null);
  // The row's state says what happened; only a failure needs words.
  const toggle = useAction(async (own) => {
    const answer = await api.postJson(
      assignEngineerPath(),
      assignEngineerPayload(jobId, engineer.id, assignedId),
      assignEngineerResponse,
      { signal: own },
    );
    setAssignedId(answer.assigned_id);
    emit('fm-engineer-assigned', { jobId, userId: engineer.id, assignedId: answer.assigned_id });
    return undefined;
  }, signal);

  return (
    <li className="fm-engineers__row">
      <span className="fm-engineers__name">{engineer.name}</span>{' '}
      <span className="fm-engineers__state">
        {assignedId === null
          ? 'Not assigned'
          : assignedId === engineer.assignedId && engineer.assigned
            ? `Assigned on ${engineer.assigned}`
            : assignedId === engineer.assignedId
              ? 'Assigned'
              : 'Assigned just now'}
      </span>{' '}
      <ActionButton
        action={toggle}
        className="btn btn-outline-secondary fm-engineers__toggle"
        busyLabel={SAVING_LABEL}
        aria-label={assignedId === null ? `Assign ${engineer.name}` : `Unassign ${engineer.name}`}
        disabled={assignedId === null && refusedBy !== null}
        aria-describedby={assignedId === null ? (refusedBy ?? undefined) : undefined}
      >
        {assignedId === null ? 'Assign' : 'Unassign'}
      </ActionButton>
      <ActionOutcome action={toggle} />
    </li>
  );
}
