import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/alternative-quote/index';
import { CONTRACTORS, costsIndex } from './cost-approval-fixtures';
import { byText, fakeHost, field, fill, find, json, sleep, text } from './cost-approval-harness';

const COSTS = 'GET /api/costs/index/1002';
const CONTRACTORS_OF_JOB = 'GET /api/contractors/index/1/1';
const DUPLICATE = 'POST /api/jobs/duplicate/1002';

function page() {
  document.body.innerHTML = '<fm-alternative-quote data-job-id="1002"></fm-alternative-quote>';
}

const contractorSelects = () => [
  ...document.querySelectorAll<HTMLSelectElement>('.fm-alt-quote__contractor select'),
];

/** What the send's outcome says, once it says something. */
const said = (role: 'status' | 'alert') =>
  vi.waitFor(() => {
    const words = text(document.querySelector(`.fm-action-outcome [role="${role}"]`));
    if (!words) throw new Error(`no ${role} yet`);
    return words;
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fm-alternative-quote', () => {
  it('shows nothing to users who are not site surveyors', async () => {
    const host = fakeHost({ [COSTS]: costsIndex({ surveyor: false }) });
    page();
    await vi.waitFor(() => expect(host.calls).toHaveLength(1));
    await sleep(20);
    expect(text(document.querySelector('fm-alternative-quote'))).toBe('');
  });

  it('offers an editable description and one to three contractor selectors', async () => {
    fakeHost({ [COSTS]: costsIndex({ job: { id: 1002 } }), [CONTRACTORS_OF_JOB]: CONTRACTORS });
    page();
    const description = await field<HTMLTextAreaElement>('Description');
    expect(description.value).toBe('Air handling unit tripping on high pressure');
    expect(contractorSelects()).toHaveLength(1);
    expect([...(contractorSelects()[0]?.options ?? [])].map((o) => o.textContent)).toEqual([
      'Choose a contractor…',
      'Northern Mechanical Ltd',
      'Pennine Electrical Services',
      'Aire Valley Plumbing',
    ]);
    // The primary contractor under its group's heading, not "(primary)" after its name.
    expect(
      [...(contractorSelects()[0]?.querySelectorAll('optgroup') ?? [])].map((group) => [
        group.label,
        [...group.querySelectorAll('option')].map((o) => o.textContent),
      ]),
    ).toEqual([
      ['Primary contractors', ['Northern Mechanical Ltd']],
      ['Other contractors', ['Pennine Electrical Services', 'Aire Valley Plumbing']],
    ]);
    expect(document.querySelector('.fm-alt-quote__remove')).toBeNull();
    const add = await byText<HTMLButtonElement>('button', 'Add contractor');
    add.click();
    await vi.waitFor(() => expect(contractorSelects()).toHaveLength(2));
    add.click();
    await vi.waitFor(() => expect(contractorSelects()).toHaveLength(3));
    expect(document.querySelector('.fm-alt-quote__add')).toBeNull();
    (await find<HTMLButtonElement>('[aria-label="Remove contractor 2"]')).click();
    await vi.waitFor(() => expect(contractorSelects()).toHaveLength(2));
    expect(document.querySelector('.fm-alt-quote__add')).not.toBeNull();
  });

  it('needs a contractor in every selector before sending anything', async () => {
    const host = fakeHost({ [COSTS]: costsIndex(), [CONTRACTORS_OF_JOB]: CONTRACTORS });
    page();
    (await byText<HTMLButtonElement>('button', 'Add contractor')).click();
    await vi.waitFor(() => expect(contractorSelects()).toHaveLength(2));
    fill(contractorSelects()[0] as HTMLSelectElement, '20');
    const submit = await byText<HTMLButtonElement>('button', 'Create alternative quotes');
    submit.focus();
    submit.click();
    const second = contractorSelects()[1] as HTMLSelectElement;
    await vi.waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(text(document.getElementById(second.getAttribute('aria-describedby') ?? ''))).toBe(
      'Choose a contractor',
    );
    // The first field at fault takes the focus, as in the other forms.
    await vi.waitFor(() => expect(document.activeElement).toBe(second));
    expect(host.sent(DUPLICATE)).toHaveLength(0);

    // Once shown, the errors follow the edits: each goes as soon as its field is put right.
    const errorOf = (control: Element) =>
      text(document.getElementById(control.getAttribute('aria-describedby') ?? ''));
    fill(second, '20');
    await vi.waitFor(() => expect(errorOf(second)).toBe('This contractor is already chosen'));
    fill(second, '22');
    await vi.waitFor(() => expect(second.getAttribute('aria-invalid')).toBeNull());
    expect(errorOf(second)).toBe('');
    const description = await field<HTMLTextAreaElement>('Description');
    fill(description, ' ');
    await vi.waitFor(() => expect(errorOf(description)).toBe('Describe the work to quote for'));
    fill(description, 'Replace fan motor');
    await vi.waitFor(() => expect(description.getAttribute('aria-invalid')).toBeNull());
    expect(document.querySelector('.fm-alt-quote .fm-field-error')).toBeNull();
  });

  it("creates one contractor quote per contractor, then says 'Alternative Quote(s) Created'", async () => {
    let next = 1300;
    const host = fakeHost({
      [COSTS]: costsIndex(),
      [CONTRACTORS_OF_JOB]: CONTRACTORS,
      [DUPLICATE]: () =>
        json({ status: 'success', message: 'Alternative Quote(s) Created', job_id: next++ }),
    });
    const created = vi.fn();
    document.addEventListener('fm-alternative-quotes-created', (event) => created(event.detail), {
      once: true,
    });
    // The page's portal: the created quote jobs link to their view in it.
    history.pushState(null, '', '/client/jobs/view/1002');
    page();
    fill(await field<HTMLTextAreaElement>('Description'), 'Replace fan motor');
    (await byText<HTMLButtonElement>('button', 'Add contractor')).click();
    await vi.waitFor(() => expect(contractorSelects()).toHaveLength(2));
    fill(contractorSelects()[0] as HTMLSelectElement, '20');
    fill(contractorSelects()[1] as HTMLSelectElement, '22');
    const submit = await byText<HTMLButtonElement>('button', 'Create alternative quotes');
    submit.click();
    submit.click();
    expect(await said('status')).toBe('Alternative Quote(s) Created');
    expect(host.sent(DUPLICATE)).toEqual([
      { action: 'quote', Job: { description: 'Replace fan motor', contractor_id: 20 } },
      { action: 'quote', Job: { description: 'Replace fan motor', contractor_id: 22 } },
    ]);
    expect(created).toHaveBeenCalledWith({
      jobId: 1002,
      contractorIds: [20, 22],
      quoteJobIds: [1300, 1301],
    });
    expect(
      [...document.querySelectorAll('.fm-alt-quote__contractor .fm-field-hint')].map((p) =>
        text(p),
      ),
    ).toEqual(['Quote job 1300 created', 'Quote job 1301 created']);
    expect(
      [...document.querySelectorAll('.fm-alt-quote__contractor .fm-field-hint a')].map((a) =>
        a.getAttribute('href'),
      ),
    ).toEqual(['/client/jobs/view/1300', '/client/jobs/view/1301']);
    history.pushState(null, '', '/');
    expect(document.querySelector('.fm-alt-quote__submit')).toBeNull();
  });

  it('says which contractors failed and retries only those', async () => {
    let failPennine = true;
    const host = fakeHost({
      [COSTS]: costsIndex(),
      [CONTRACTORS_OF_JOB]: CONTRACTORS,
      [DUPLICATE]: (call: { body: string }) => {
        const contractor = (JSON.parse(call.body) as { Job: { contractor_id: number } }).Job
          .contractor_id;
        if (contractor === 21 && failPennine) {
          return json({ status: 'error', message: 'Contractor 21 is suspended' }, 400);
        }
        return json({ status: 'success', message: 'ok', job_id: 1400 + contractor });
      },
    });
    page();
    (await byText<HTMLButtonElement>('button', 'Add contractor')).click();
    await vi.waitFor(() => expect(contractorSelects()).toHaveLength(2));
    fill(contractorSelects()[0] as HTMLSelectElement, '20');
    fill(contractorSelects()[1] as HTMLSelectElement, '21');
    const submit = await byText<HTMLButtonElement>('button', 'Create alternative quotes');
    submit.focus();
    submit.click();
    expect(await said('alert')).toBe(
      'No quote for Pennine Electrical Services: Contractor 21 is suspended',
    );
    // The focus goes to what the refusal says, not left on the button.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(document.querySelector('.fm-alert--danger')),
    );
    expect(contractorSelects()[0]?.disabled).toBe(true);
    expect(contractorSelects()[1]?.disabled).toBe(false);

    failPennine = false;
    (await byText<HTMLButtonElement>('button', 'Retry the failed quotes')).click();
    expect(await said('status')).toBe('Alternative Quote(s) Created');
    expect(
      host
        .sent(DUPLICATE)
        .map((body) => (body as { Job: { contractor_id: number } }).Job.contractor_id),
    ).toEqual([20, 21, 21]);
  });

  it("shows the host's message when the job cannot be loaded", async () => {
    fakeHost({ [COSTS]: json({ status: 'error', message: 'Job 1002 not found' }, 404) });
    page();
    expect(text(await find('[role="alert"]'))).toBe('Job 1002 not found');
  });
});

describe("fm-alternative-quote's words", () => {
  it("are the element's own where it gives them, the job's shared ones too", async () => {
    fakeHost({ [COSTS]: costsIndex({ job: { id: 1002 } }), [CONTRACTORS_OF_JOB]: CONTRACTORS });
    document.body.innerHTML = `<fm-alternative-quote data-job-id="1002" data-messages='{"alternativeQuote.add": "One more contractor", "alternativeQuote.removeContractor": "Take contractor {number} off", "job.primaryContractors": "Preferred"}'></fm-alternative-quote>`;
    (await byText<HTMLButtonElement>('button', 'One more contractor')).click();
    await vi.waitFor(() => expect(contractorSelects()).toHaveLength(2));
    expect(await find('[aria-label="Take contractor 2 off"]')).not.toBeNull();
    expect(contractorSelects()[0]?.querySelector('optgroup')?.label).toBe('Preferred');
  });
});
