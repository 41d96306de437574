import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineElement } from '../../src/ui/define-element';
import { SAVING_LABEL, SubmitButton } from '../../src/ui/SubmitButton';

function Harness({ invalid, disabled }: { invalid: boolean; disabled: boolean }) {
  return (
    <form
      action="/costs/add/1006"
      method="post"
      onSubmit={(event) => {
        if (invalid) event.preventDefault();
      }}
    >
      <input name="Cost[invoice_number]" defaultValue="INV-9" />
      <SubmitButton disabled={disabled}>Save cost</SubmitButton>
    </form>
  );
}
defineElement('test-submit-button', Harness, {
  attributes: { invalid: 'boolean', disabled: 'boolean' },
});

let sent: number;

async function mount(attributes = '') {
  sent = 0;
  document.body.innerHTML = `<test-submit-button ${attributes}></test-submit-button>`;
  const button = await vi.waitFor(() => {
    const found = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!found) throw new Error('not rendered');
    return found;
  });
  window.addEventListener('submit', countSent);
  return button;
}

/** Counts the submissions that went ahead (not cancelled by a listener). */
function countSent(event: Event) {
  setTimeout(() => {
    if (!event.defaultPrevented) sent += 1;
  });
}

afterEach(() => window.removeEventListener('submit', countSent));

const submit = (button: HTMLButtonElement) => button.form?.requestSubmit(button);

describe('SubmitButton', () => {
  it("shows 'Saving...' once the form is sent, and sends it only once", async () => {
    const button = await mount();
    expect(button.textContent).toBe('Save cost');
    submit(button);
    await vi.waitFor(() => expect(button.textContent).toBe(SAVING_LABEL));
    expect(SAVING_LABEL).toBe('Saving...');
    expect(button.disabled).toBe(true);
    button.form?.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(1);
  });

  it('stays as it is when the form was not sent', async () => {
    const button = await mount('data-invalid');
    submit(button);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(button.textContent).toBe('Save cost');
    expect(button.disabled).toBe(false);
    expect(sent).toBe(0);
  });

  it('is disabled while the form may not be sent', async () => {
    const button = await mount('data-disabled');
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Save cost');
  });

  it('comes back when the page is restored from the history', async () => {
    const button = await mount();
    submit(button);
    await vi.waitFor(() => expect(button.textContent).toBe(SAVING_LABEL));
    // happy-dom's PageTransitionEvent drops `persisted`: a restore from the back-forward cache.
    window.dispatchEvent(
      Object.defineProperty(new Event('pageshow'), 'persisted', { value: true }),
    );
    await vi.waitFor(() => expect(button.textContent).toBe('Save cost'));
    expect(button.disabled).toBe(false);
  });
});
