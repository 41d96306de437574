import { type Context, Hono } from 'hono';
import {
  type Contractor,
  type CostsIndexResponse,
  type CostUpdateResponse,
  type CostValidateEditResponse,
  costUpdateRequest,
  costValidateEditRequest,
} from '../../../src/core/contract';
import { awaitsValidation, isQuote, missingAuthorisation } from '../../../src/core/job-payloads';
import type { Deps } from '../deps';
import {
  type AppEnv,
  type AppHandler,
  badRequest,
  HttpError,
  idParam,
  notFound,
  readBody,
  validate,
} from '../http';
import { allow, moveJob } from '../lifecycle';
import {
  budgetCodesFor,
  contractorsFor,
  costBreakdownOf,
  costEntityOf,
  costValidateItemsOf,
  findCost,
  findUser,
  hasInvoice,
  jobRecordOf,
  requireJob,
} from '../records';
import { now } from '../time';

/** The request's names of what a quote's decision needs. */
const CONTRACT_FIELD = { authoriserId: 'authoriser_id', authorisedVia: 'authorised_via' } as const;

/** Calls 3, 6, 7 and 14: a job's awaiting costs, approval, capex validation, invoice check. */
export function costRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/api/costs/index/:jobId', showAwaitingCosts(deps));
  app.post('/api/costs/update/:costId', decideCost(deps));
  app.post('/costs_cost_validates/edit', saveCapexValidation(deps));
  app.get('/api/costs/has_duplicate_invoice/:invoiceNumber/:jobId', checkDuplicateInvoice(deps));
  return app;
}

/** The job's costs and quotes awaiting a decision, with what the modal shows beside them. */
function showAwaitingCosts({ db, settings }: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const job = requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
    const record = jobRecordOf(db, job);
    const contractor =
      job.contractor_id === null
        ? null
        : (contractorsFor(db, job.site_id, job.asset_id).find(
            (candidate) => candidate.user_id === job.contractor_id,
          ) ?? unlinkedContractor(db, job.contractor_id));
    const category = db
      .prepare(
        `SELECT ac.id, ac.name FROM assets a JOIN asset_categories ac ON ac.id = a.asset_category_id
         WHERE a.id = ?`,
      )
      .get(job.asset_id) as { id: number; name: string } | undefined;
    const awaiting = db
      .prepare('SELECT * FROM costs WHERE job_id = ? AND approved IS NULL ORDER BY id')
      .all(job.id) as NonNullable<ReturnType<typeof findCost>>[];
    const budgetCodes: Record<string, string> = {};
    for (const code of budgetCodesFor(db, job.asset_id)) {
      budgetCodes[String(code.budget_code_id)] = code.budget_code_name;
    }
    const currentUser = findUser(db, settings().currentUserId);
    return c.json({
      job: record,
      contractor,
      asset_category: category ?? null,
      costs: awaiting.map((cost) => ({
        Cost: costEntityOf(cost),
        CostBreakdown: costBreakdownOf(db, cost.id),
        // The capex checklist belongs to capex costs only.
        CostValidate: cost.capex === 1 ? costValidateItemsOf(db, cost.id) : [],
      })),
      cancelled: job.cancelled === 1,
      budget_codes: budgetCodes,
      siteSurveyor: currentUser?.site_surveyor === 1,
    } satisfies CostsIndexResponse);
  };
}

/** A cost or quote approved or declined, with its note; a decided quote moves the job. */
function decideCost({ db, settings }: Deps): AppHandler {
  return async (c: Context<AppEnv>) => {
    const costId = idParam(c.req.param('costId'), 'costId');
    const request = validate(costUpdateRequest, await readBody(c));
    const cost = findCost(db, costId);
    if (!cost) throw notFound('Cost', costId);
    if (request.Cost.id !== costId)
      throw badRequest(`Cost.id ${request.Cost.id} is not cost ${costId}`);
    if (request.Cost.job_id !== cost.job_id || request.Note.job_id !== cost.job_id) {
      throw badRequest(`Cost ${costId} belongs to job ${cost.job_id}`);
    }
    if (settings().disableApprovals) throw new HttpError(403, 'Approvals are disabled');
    if (cost.approved !== null) {
      throw new HttpError(
        409,
        `Cost ${costId} has already been ${cost.approved ? 'approved' : 'declined'}`,
      );
    }
    const { authoriser_id: authoriserId, authorised_via: via, approved } = request.Cost;
    const job = requireJob(db, cost.job_id);
    const decision = isQuote(cost)
      ? approved
        ? 'approveQuote'
        : 'declineQuote'
      : approved
        ? 'approveCost'
        : 'declineCost';
    allow(decision, 'client', job);
    // docs/requirements.md §5: quotes need an authoriser and how the authorisation was given.
    const missing = missingAuthorisation(cost, { authoriserId, authorisedVia: via }).map(
      (key) => `Cost.${CONTRACT_FIELD[key]} is required for a quote`,
    );
    if (missing.length > 0)
      throw badRequest(missing.length === 1 ? (missing[0] as string) : missing);
    if (authoriserId !== null) {
      const authoriser = findUser(db, authoriserId);
      if (!authoriser) throw badRequest(`Cost.authoriser_id: there is no user ${authoriserId}`);
      // docs/requirements.md §4: the capex approval stage is for capex approvers.
      if (cost.approval_stage === 2 && authoriser.capex_approver !== 1) {
        throw badRequest(`Cost.authoriser_id: ${authoriser.name} is not a capex approver`);
      }
    }
    // docs/requirements.md §4: a capex quote is approved only once its validation has at least one
    // answer.
    if (
      approved &&
      awaitsValidation({ capex: cost.capex === 1 }, costValidateItemsOf(db, costId))
    ) {
      throw badRequest('Save the capex validation before approving this quote');
    }

    // A quote names who authorised it (docs/requirements.md §5); a cost is authorised by whoever
    // decides it in the portal, so the job view can say who approved or declined it as it does for
    // a quote.
    const decidedBy = authoriserId ?? (isQuote(cost) ? null : settings().currentUserId);
    db.transaction(() => {
      db.prepare(
        `UPDATE costs SET approved = ?, authoriser_id = ?, authorised_via = ?, decided = ?
         WHERE id = ?`,
      ).run(approved ? 1 : 0, decidedBy, via, now(), costId);
      // A decided quote moves the job on (the lifecycle says where).
      moveJob(db, decision, job);
      const note = request.Note;
      if (note.description.trim() !== '') {
        db.prepare(
          `INSERT INTO notes (job_id, cost_id, description, financial, internal, created)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(
          cost.job_id,
          costId,
          note.description.trim(),
          note.financial ? 1 : 0,
          note.internal ? 1 : 0,
          now(),
        );
      }
    })();
    return c.json({
      status: 'success',
      message: approved ? 'The cost has been approved' : 'The cost has been declined',
    } satisfies CostUpdateResponse);
  };
}

/** A capex cost's budget code and validation checklist answers. */
function saveCapexValidation({ db }: Deps): AppHandler {
  return async (c: Context<AppEnv>) => {
    const request = validate(costValidateEditRequest, await readBody(c));
    const cost = findCost(db, request.cost_id);
    if (!cost) throw notFound('Cost', request.cost_id);
    if (request.cost_type_id !== cost.cost_type_id) {
      throw badRequest(`cost_type_id ${request.cost_type_id} is not the type of cost ${cost.id}`);
    }
    const codeExists = (id: number) =>
      db.prepare('SELECT 1 FROM budget_codes WHERE id = ?').get(id) !== undefined;
    if (request.budget_code_id !== null && !codeExists(request.budget_code_id)) {
      throw badRequest(`budget_code_id: there is no budget code ${request.budget_code_id}`);
    }
    const answers = Object.entries(request.CostValidate).map(([itemId, status]) => ({
      itemId: Number(itemId),
      status,
    }));
    const unknown = answers.filter(
      ({ itemId }) =>
        db.prepare('SELECT 1 FROM cost_validate_items WHERE id = ?').get(itemId) === undefined,
    );
    if (unknown.length > 0) {
      throw badRequest(
        unknown.map(({ itemId }) => `CostValidate[${itemId}]: there is no such item`),
      );
    }

    db.transaction(() => {
      db.prepare('UPDATE costs SET budget_code_id = ? WHERE id = ?').run(
        request.budget_code_id,
        cost.id,
      );
      const upsert = db.prepare(
        `INSERT INTO cost_validations (cost_id, cost_validate_item_id, status, modified)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (cost_id, cost_validate_item_id)
         DO UPDATE SET status = excluded.status, modified = excluded.modified`,
      );
      for (const { itemId, status } of answers) upsert.run(cost.id, itemId, status, now());
    })();
    return c.json({ status: 'success' } satisfies CostValidateEditResponse);
  };
}

/** Whether any cost already carries the invoice number. */
function checkDuplicateInvoice({ db }: Deps): AppHandler {
  return (c: Context<AppEnv, '/api/costs/has_duplicate_invoice/:invoiceNumber/:jobId'>) => {
    // The job must exist; the number is looked for on every job's costs (records.ts).
    requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
    const duplicate = hasInvoice(db, c.req.param('invoiceNumber').trim());
    return c.text(duplicate ? 'true' : 'false');
  };
}

/** A job's contractor that is no longer linked to its site or asset: a secondary one. */
function unlinkedContractor(db: Deps['db'], userId: number): Contractor {
  return {
    user_id: userId,
    name: findUser(db, userId)?.name ?? `User ${userId}`,
    primary: false,
    status: 2,
  };
}
