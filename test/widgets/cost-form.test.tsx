import { fireEvent } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_INVOICE } from '../../src/core/job-messages';
import { NEGATIVE_AMOUNT, TOO_LARGE_AMOUNT } from '../../src/core/money-input';
import { UNREADABLE } from '../../src/runtime/api';
import { send } from './native-form';
import '../../widgets/cost-form/index';

let answers: Record<string, string>;
let paths: string[];

beforeEach(() => {
  paths = [];
  answers = { 'INV-1001': 'true' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      paths.push(path);
      const invoice = decodeURIComponent(path.split('/')[4] ?? '');
      return new Response(answers[invoice] ?? 'false', {
        headers: { 'content-type': 'text/plain' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function mount() {
  document.head.innerHTML = '<meta name="csrf-token" content="tok-9">';
  document.body.innerHTML = '<fm-cost-form data-job-id="1006"></fm-cost-form>';
  return vi.waitFor(() => {
    const form = document.querySelector<HTMLFormElement>('form.fm-cost-form');
    if (!form) throw new Error('not rendered');
    return form;
  });
}

const leave = (input: Element) => fireEvent.focusOut(input);
const type = (input: Element, value: string) => fireEvent.input(input, { target: { value } });

/** The field error shown under the control named `name`, read through its aria-describedby. */
function errorOf(form: Element, name: string): string | null {
  const control = form.querySelector(`[name="${name}"]`);
  if (control?.getAttribute('aria-invalid') !== 'true') return null;
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids
      .map((id) => document.getElementById(id))
      .find((element) => element?.classList.contains('fm-field-error'))?.textContent ?? null
  );
}
const field = (form: Element, name: string) =>
  form.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('fm-cost-form', () => {
  it('posts natively with the host field names, the job id and the CSRF token', async () => {
    const form = await mount();
    expect(form.getAttribute('action')).toBe('/costs/add/1006');
    expect(form.method).toBe('post');
    expect([...new FormData(form).keys()]).toEqual([
      '_csrfToken',
      'Cost[job_id]',
      'Cost[cost_type_id]',
      'Cost[invoice_number]',
      'Cost[description]',
      'Cost[labour]',
      'Cost[materials]',
      'Cost[other]',
    ]);
    expect(field(form, '_csrfToken')?.value).toBe('tok-9');
    expect(field(form, 'Cost[job_id]')?.value).toBe('1006');
  });

  it("shows 'Duplicate Invoice Number' with a red border when the host says 'true'", async () => {
    const form = await mount();
    const invoice = field(form, 'Cost[invoice_number]');
    fireEvent.input(invoice, { target: { value: 'INV-1001' } });
    leave(invoice);
    await vi.waitFor(() =>
      expect(form.querySelector('[role="alert"]')?.textContent).toBe(DUPLICATE_INVOICE),
    );
    expect(DUPLICATE_INVOICE).toBe('Duplicate Invoice Number');
    expect(paths).toEqual(['/api/costs/has_duplicate_invoice/INV-1001/1006']);
    expect(invoice?.classList.contains('is-invalid')).toBe(true);
    expect(invoice?.getAttribute('aria-invalid')).toBe('true');

    type(field(form, 'Cost[description]'), 'Boiler repair');
    type(field(form, 'Cost[labour]'), '10');
    expect(send(form)).toBe(false);
    await vi.waitFor(() => expect(document.activeElement).toBe(invoice));

    fireEvent.input(invoice, { target: { value: 'INV-2002' } });
    leave(invoice);
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')).toBeNull());
    expect(invoice?.classList.contains('is-invalid')).toBe(false);
  });

  it('says the check could not be made on an unreadable answer, and checks again', async () => {
    answers['INV-3003'] = '{"title": "Jobs';
    const form = await mount();
    const invoice = field(form, 'Cost[invoice_number]');
    fireEvent.input(invoice, { target: { value: 'INV-3003' } });
    leave(invoice);
    const hint = () => form.querySelector('.fm-field-hint')?.textContent;
    await vi.waitFor(() =>
      expect(hint()).toBe(`The invoice number could not be checked: ${UNREADABLE} Check again`),
    );
    expect(invoice.value).toBe('INV-3003');

    answers['INV-3003'] = 'true';
    (form.querySelector('.fm-cost-form__recheck') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(form.querySelector('[role="alert"]')?.textContent).toBe(DUPLICATE_INVOICE),
    );
    expect(hint()).toBeUndefined();
    expect(paths).toHaveLength(2);
  });

  it('asks again each time the field is left, and forgets the answer once the number is edited', async () => {
    const form = await mount();
    const invoice = field(form, 'Cost[invoice_number]');
    type(invoice, 'INV-1001');
    leave(invoice);
    await vi.waitFor(() => expect(invoice.getAttribute('aria-invalid')).toBe('true'));
    leave(invoice);
    await vi.waitFor(() => expect(paths).toHaveLength(2));
    await vi.waitFor(() => expect(invoice.getAttribute('aria-invalid')).toBe('true'));
    type(invoice, 'INV-10011');
    await vi.waitFor(() => expect(invoice.getAttribute('aria-invalid')).toBeNull());
    expect(form.querySelector('.fm-field-hint')).toBeNull();
    expect(paths).toHaveLength(2);
  });

  it('checks only invoice numbers longer than 2 characters', async () => {
    const form = await mount();
    const invoice = field(form, 'Cost[invoice_number]');
    fireEvent.input(invoice, { target: { value: 'IN' } });
    leave(invoice);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths).toEqual([]);
    fireEvent.input(invoice, { target: { value: 'INV' } });
    leave(invoice);
    await vi.waitFor(() => expect(paths).toEqual(['/api/costs/has_duplicate_invoice/INV/1006']));
  });

  it('writes amounts with 2 decimals when left, and flags what is not an amount', async () => {
    const form = await mount();
    const labour = field(form, 'Cost[labour]');
    fireEvent.input(labour, { target: { value: '1,234.5' } });
    leave(labour);
    await vi.waitFor(() => expect(labour?.value).toBe('1234.50'));
    const other = field(form, 'Cost[other]');
    fireEvent.input(other, { target: { value: '12a' } });
    leave(other);
    await vi.waitFor(() =>
      expect(form.querySelector('.fm-field-error')?.textContent).toBe(
        'Enter an amount in pounds and pence, for example 120.50',
      ),
    );
    expect(other?.getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the form itself, not the browser: every problem under its field, focus on the first', async () => {
    const form = await mount();
    expect(form.noValidate).toBe(true);
    expect(send(form)).toBe(false);
    await vi.waitFor(() =>
      expect(errorOf(form, 'Cost[description]')).toBe('Enter a description of the cost'),
    );
    expect(errorOf(form, 'Cost[labour]')).toBe('Enter at least one amount above 0');
    expect(document.activeElement).toBe(field(form, 'Cost[description]'));
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Save cost');

    // Each message goes as its field is put right; the form then goes.
    type(field(form, 'Cost[description]'), 'Boiler repair');
    await vi.waitFor(() => expect(errorOf(form, 'Cost[description]')).toBeNull());
    type(field(form, 'Cost[materials]'), '80');
    await vi.waitFor(() => expect(errorOf(form, 'Cost[labour]')).toBeNull());
    expect(form.querySelectorAll('.fm-field-error')).toHaveLength(0);
    expect(send(form)).toBe(true);
  });

  it('refuses an amount beyond what the host stores with a field error, as typed', async () => {
    const form = await mount();
    type(field(form, 'Cost[description]'), 'Boiler repair');
    const labour = field(form, 'Cost[labour]');
    type(labour, '99999999999999');
    leave(labour);
    await vi.waitFor(() => expect(errorOf(form, 'Cost[labour]')).toBe(TOO_LARGE_AMOUNT));
    expect(labour.value).toBe('99999999999999');
    expect(send(form)).toBe(false);
    type(labour, '99999999.99');
    leave(labour);
    await vi.waitFor(() => expect(errorOf(form, 'Cost[labour]')).toBeNull());
    expect(send(form)).toBe(true);
  });

  it('refuses a negative amount with a field error and holds the form back', async () => {
    const form = await mount();
    type(field(form, 'Cost[description]'), 'Boiler repair');
    type(field(form, 'Cost[labour]'), '100');
    const other = field(form, 'Cost[other]');
    type(other, '-20');
    leave(other);
    await vi.waitFor(() => expect(errorOf(form, 'Cost[other]')).toBe(NEGATIVE_AMOUNT));
    expect(NEGATIVE_AMOUNT).toBe(
      'An amount cannot be negative: enter 0 or more, for example 120.50',
    );
    expect(other.value).toBe('-20');
    expect(send(form)).toBe(false);
    await vi.waitFor(() => expect(document.activeElement).toBe(other));

    type(other, '20');
    leave(other);
    await vi.waitFor(() => expect(errorOf(form, 'Cost[other]')).toBeNull());
    expect(other.value).toBe('20.00');
    expect(send(form)).toBe(true);
  });

  it("shows 'Saving...' once sent", async () => {
    const form = await mount();
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    type(field(form, 'Cost[description]'), 'Boiler repair');
    type(field(form, 'Cost[labour]'), '10');
    form.addEventListener('submit', (event) => setTimeout(() => event.preventDefault()));
    form.requestSubmit(button);
    await vi.waitFor(() => expect(button.textContent).toBe('Saving...'));
    expect(button.disabled).toBe(true);
  });
});

describe("fm-cost-form's words", () => {
  it("are the element's own where it gives them, the shared duplicate's too", async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="tok-9">';
    document.body.innerHTML = `<fm-cost-form data-job-id="1006" data-messages='{"costForm.save": "Add the cost", "costForm.labour": "Work (£)", "job.duplicateInvoice": "That invoice is on the job already"}'></fm-cost-form>`;
    const form = await vi.waitFor(() => {
      const found = document.querySelector<HTMLFormElement>('form.fm-cost-form');
      if (!found) throw new Error('not rendered');
      return found;
    });
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Add the cost');
    const labels = [...form.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toContain('Work (£)');
    const invoice = form.querySelector<HTMLInputElement>('input[name="Cost[invoice_number]"]');
    if (!invoice) throw new Error('no invoice field');
    type(invoice, 'INV-1001');
    leave(invoice);
    await vi.waitFor(() =>
      expect(form.querySelector('[role="alert"]')?.textContent).toBe(
        'That invoice is on the job already',
      ),
    );
  });
});
