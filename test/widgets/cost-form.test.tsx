import { fireEvent } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_INVOICE } from '../../src/core/job-messages';
import { UNREADABLE } from '../../src/runtime/api';
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

    (field(form, 'Cost[description]') as unknown as HTMLTextAreaElement).value = 'Boiler repair';
    const sent = vi.fn();
    // On the document: after the element's own handler has had its say.
    const listening = new AbortController();
    document.addEventListener(
      'submit',
      (event) => {
        sent(event.defaultPrevented);
        event.preventDefault();
      },
      { signal: listening.signal },
    );
    form.requestSubmit();
    listening.abort();
    expect(sent).toHaveBeenCalledWith(true);

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

  it("shows 'Saving...' once sent", async () => {
    const form = await mount();
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    (field(form, 'Cost[description]') as unknown as HTMLTextAreaElement).value = 'Boiler repair';
    form.addEventListener('submit', (event) => setTimeout(() => event.preventDefault()));
    form.requestSubmit(button);
    await vi.waitFor(() => expect(button.textContent).toBe('Saving...'));
    expect(button.disabled).toBe(true);
  });
});
