import type * as v from 'valibot';
import {
  assetCategoryRowsPath,
  assetCategoryRowsResponse,
  assetCategorySaveBody,
  assetCategorySavePath,
  assetCategorySaveResponse,
  assignEngineerPath,
  assignEngineerResponse,
  budgetCodesIndexResponse,
  budgetCodesPath,
  costsIndexPath,
  costsIndexResponse,
  costUpdatePath,
  costUpdateResponse,
  costValidateEditBody,
  costValidateEditPath,
  costValidateEditResponse,
  jobDuplicatePath,
  jobDuplicateResponse,
  jobShowPath,
  jobShowResponse,
  jobUpdatePath,
  jobUpdateResponse,
  linkingRowsPath,
  linkingRowsResponse,
  linkingSaveBody,
  linkingSavePath,
  linkingSaveResponse,
  mailerSendPath,
  mailerSendResponse,
  photoUploadPath,
  photoUploadResponse,
  prioritiesPath,
  priorityListResponse,
  type SiteTimeSaveRequest,
  siteTimeSavePath,
  siteTimeSaveResponse,
  userSearchPath,
  userSearchResponse,
  VALIDATION_STATUS,
} from '../../src/core/contract';
import {
  assignEngineerPayload,
  costUpdatePayload,
  costValidatePayload,
  forwardPayload,
  helpdeskMail,
  isQuote,
  primaryFirst,
  quotePayload,
  rejectPayload,
  releasePayload,
} from '../../src/core/job-payloads';
import type { Body } from './check';
import type { Targets } from './reads';

/*
 * The state-changing calls of docs/requirements.md §7, run only with --write and only on the ids
 * the integrator names as disposable. Calls that can be undone are undone (an assignment is
 * removed, a table's rows are saved back as they were read); the ones that cannot (a release, a
 * rejection) come last. A backend that keeps a job's lifecycle refuses a sign-on on a job awaiting
 * release and a rejection of a released job: those take jobs of their own.
 */

export interface WriteContext {
  targets: Targets;
  /** A GET a write needs first (the job's site, a cost's type); throws when it fails. */
  read<S extends v.GenericSchema>(path: string, schema: S): Promise<v.InferOutput<S>>;
  /**
   * One state-changing call, sent once without the CSRF token (it must be refused) and then with
   * it. Answers the decoded answer, or null when the call failed (the failure is reported).
   */
  post<S extends v.GenericSchema>(
    name: string,
    path: string,
    body: Body,
    schema: S,
  ): Promise<v.InferOutput<S> | null>;
  /** A call this backend's data gives nothing to send. */
  skip(name: string, reason: string): void;
}

export interface WriteStep {
  /** The calls it makes, in order. */
  calls: string[];
  needs: (keyof Targets)[];
  run(context: WriteContext, ids: Required<Targets>): Promise<void>;
}

/** What the integrator will find on their backend after a --write run. */
const MARK = 'fm-conformance check';

/** A 1×1 transparent PNG, the smallest photo an upload accepts. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Every write needs the disposable job's record first. */
const showJob = (context: WriteContext, jobId: number) =>
  context.read(jobShowPath(jobId), jobShowResponse);

export const WRITE_STEPS: WriteStep[] = [
  {
    calls: ['linking save (rows saved back as read)'],
    needs: ['writeSite'],
    async run(context, { writeSite }) {
      const rows = await context.read(
        linkingRowsPath({ model: 'Site', siteId: writeSite }),
        linkingRowsResponse,
      );
      const request = {
        model: 'Site',
        site_id: writeSite,
        asset_id: null,
        documentation_category_id: null,
        user_id: null,
        problem_type_id: null,
        ids: rows.data,
      };
      await context.post(
        'linking save (rows saved back as read)',
        linkingSavePath(),
        { form: linkingSaveBody(request) },
        linkingSaveResponse,
      );
    },
  },
  {
    calls: ['asset-category save (links saved back as read)'],
    needs: [],
    async run(context, { categoryModel }) {
      const rows = await context.read(
        assetCategoryRowsPath(categoryModel),
        assetCategoryRowsResponse,
      );
      const ids = rows.data.map(({ id, asset_category_id }) => ({ id, asset_category_id }));
      await context.post(
        'asset-category save (links saved back as read)',
        assetCategorySavePath(),
        { form: assetCategorySaveBody({ model: categoryModel, ids }) },
        assetCategorySaveResponse,
      );
    },
  },
  {
    calls: ['assign engineer', 'unassign engineer'],
    // An engineer is assigned only to a job released to the contractor (the job lifecycle's
    // assignEngineer): the job an engineer may go to, not the one awaiting release.
    needs: ['writeSignonJob', 'engineer'],
    async run(context, { writeSignonJob, engineer }) {
      const assigned = await context.post(
        'assign engineer',
        assignEngineerPath(),
        { json: assignEngineerPayload(writeSignonJob, engineer, null) },
        assignEngineerResponse,
      );
      if (!assigned?.assigned_id) throw new Error('the assignment answered no assigned_id');
      await context.post(
        'unassign engineer',
        assignEngineerPath(),
        { json: assignEngineerPayload(writeSignonJob, engineer, assigned.assigned_id) },
        assignEngineerResponse,
      );
    },
  },
  {
    calls: ['mail the helpdesk'],
    needs: ['writeJob'],
    async run(context, { writeJob }) {
      await context.post(
        'mail the helpdesk',
        mailerSendPath(),
        { json: helpdeskMail(writeJob, `${MARK}: please ignore`) },
        mailerSendResponse,
      );
    },
  },
  {
    calls: ['photo upload'],
    needs: ['writeJob'],
    async run(context, { writeJob }) {
      const { job } = await showJob(context, writeJob);
      const multipart = () => {
        const form = new FormData();
        form.set('site_id', String(job.Job.site_id));
        form.set('job_id', String(writeJob));
        form.set('file', new Blob([PIXEL_PNG], { type: 'image/png' }), 'fm-conformance.png');
        return form;
      };
      await context.post('photo upload', photoUploadPath(), { multipart }, photoUploadResponse);
    },
  },
  {
    calls: ['sign on', 'sign off'],
    needs: ['writeSignonJob'],
    async run(context, { writeSignonJob }) {
      const { job } = await showJob(context, writeSignonJob);
      // At the site, so a backend that checks the distance accepts it.
      const geo = { lat: job.Site.lat ?? 0, long: job.Site.long ?? 0, accuracy: 10 };
      const signOn: SiteTimeSaveRequest = {
        id: null,
        job_id: writeSignonJob,
        geo,
        action: 'signon',
      };
      const signedOn = await context.post(
        'sign on',
        siteTimeSavePath(),
        { json: signOn },
        siteTimeSaveResponse,
      );
      if (!signedOn) throw new Error('there is no site time to sign off');
      const signOff: SiteTimeSaveRequest = { ...signOn, id: signedOn.id, action: 'signoff' };
      await context.post('sign off', siteTimeSavePath(), { json: signOff }, siteTimeSaveResponse);
    },
  },
  {
    calls: ['capex validation save', 'cost decision (decline)'],
    needs: ['writeCost'],
    async run(context, { writeCost, writeCostJob = context.targets.writeJob }) {
      if (!writeCostJob) throw new Error("needs --write-cost-job (or --write-job), the cost's job");
      const index = await context.read(costsIndexPath(writeCostJob), costsIndexResponse);
      const record = index.costs.find((candidate) => candidate.Cost.id === writeCost);
      if (!record) {
        throw new Error(`cost ${writeCost} is not awaiting approval on job ${writeCostJob}`);
      }
      const cost = record.Cost;
      if (record.CostValidate.length > 0) {
        // The answers given are saved as they are; the ones not given yet as N/A.
        const statuses = Object.fromEntries(
          record.CostValidate.map((item) => [
            item.id,
            item.validation.status ?? VALIDATION_STATUS.na,
          ]),
        );
        const request = costValidatePayload(cost, index.job.Job.budget_code_id, statuses);
        await context.post(
          'capex validation save',
          costValidateEditPath(),
          { form: costValidateEditBody(request) },
          costValidateEditResponse,
        );
      } else {
        context.skip('capex validation save', `cost ${cost.id} has no capex validation items`);
      }
      const authoriser = isQuote(cost)
        ? (
            await context.read(
              userSearchPath({
                term: '',
                costTypeId: cost.cost_type_id,
                costValue: cost.total,
                capexApprover: cost.approval_stage === 2,
              }),
              userSearchResponse,
            )
          )[0]
        : undefined;
      if (isQuote(cost) && !authoriser) throw new Error(`no authoriser can decide cost ${cost.id}`);
      const payload = costUpdatePayload(cost, {
        approved: false,
        authoriserId: authoriser?.id ?? null,
        authorisedVia: authoriser ? 'email' : null,
        note: `${MARK}: declined`,
      });
      await context.post(
        'cost decision (decline)',
        costUpdatePath(cost.id),
        { json: payload },
        costUpdateResponse,
      );
    },
  },
  {
    calls: ['quote request'],
    needs: ['writeJob'],
    async run(context, { writeJob }) {
      await context.post(
        'quote request',
        jobDuplicatePath(writeJob),
        { json: quotePayload(`${MARK}: quote request`) },
        jobDuplicateResponse,
      );
    },
  },
  {
    calls: ['forward'],
    needs: ['writeJob'],
    async run(context, { writeJob }) {
      await context.post(
        'forward',
        jobUpdatePath(writeJob),
        { json: forwardPayload(writeJob, `${MARK}: forwarded`) },
        jobUpdateResponse,
      );
    },
  },
  {
    calls: ['release'],
    needs: ['writeJob'],
    async run(context, { writeJob }) {
      const { job, contractors } = await showJob(context, writeJob);
      const contractor = primaryFirst(contractors)[0];
      if (!contractor) throw new Error(`job ${writeJob} has no contractor to release to`);
      const priorityId =
        job.Job.priority_id ??
        Number(Object.keys(await context.read(prioritiesPath(), priorityListResponse))[0]);
      const assetId = job.Job.asset_id;
      const budgetCodeId =
        job.Job.budget_code_id ??
        (assetId
          ? (await context.read(budgetCodesPath(assetId), budgetCodesIndexResponse))[0]
              ?.budget_code_id
          : undefined) ??
        null;
      const payload = releasePayload({
        contractorId: contractor.user_id,
        priorityId,
        budgetCodeId,
        orderNumber: job.Job.client_reference_2 ?? 'FM-CONFORMANCE',
      });
      await context.post(
        'release',
        jobDuplicatePath(writeJob),
        { json: payload },
        jobDuplicateResponse,
      );
    },
  },
  {
    calls: ['reject'],
    needs: ['writeRejectJob'],
    async run(context, { writeRejectJob }) {
      await context.post(
        'reject',
        jobUpdatePath(writeRejectJob),
        { json: rejectPayload(writeRejectJob, `${MARK}: rejected`) },
        jobUpdateResponse,
      );
    },
  },
];
