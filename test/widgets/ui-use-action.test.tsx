import { fireEvent, screen } from '@testing-library/dom';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/runtime/api';
import { defineElement } from '../../src/ui/define-element';
import { TextField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, HELD_BACK, useAction } from '../../src/ui/useAction';

type Settle = { resolve(value: string | undefined): void; reject(error: unknown): void };

let calls: { signal: AbortSignal; settle: Settle }[] = [];

function Harness() {
  const action = useAction(
    (signal) =>
      new Promise((resolve, reject) => {
        calls.push({ signal, settle: { resolve, reject } });
      }),
  );
  return (
    <div>
      <ActionButton action={action} busyLabel="Sending…">
        Send
      </ActionButton>
      <ActionOutcome action={action} />
    </div>
  );
}
defineElement('test-action', Harness, { attributes: {} });

async function mount() {
  calls = [];
  document.body.innerHTML = '<test-action></test-action>';
  return screen.findByRole('button', { name: 'Send' });
}

describe('useAction', () => {
  it('runs once however often it is clicked, busy until it settles, then announces the outcome', async () => {
    const button = await mount();
    const [status] = screen.getAllByRole('status');
    expect(status?.textContent).toBe('');
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe('Sending…'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(calls).toHaveLength(1);
    calls[0]?.settle.resolve('Sent');
    await vi.waitFor(() => expect(status?.textContent).toBe('Sent'));
    expect(button.textContent).toBe('Send');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a failure at once, with the messages of the error', async () => {
    const button = await mount();
    fireEvent.click(button);
    calls[0]?.settle.reject(new Error('The server is not answering'));
    const alert = await vi.waitFor(() => {
      const found = screen.getByRole('alert');
      if (!found.textContent) throw new Error('no outcome yet');
      return found;
    });
    expect(alert.textContent).toBe('The server is not answering');
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
  });

  it('aborts the work when the element leaves the page, and shows nothing for it', async () => {
    const button = await mount();
    fireEvent.click(button);
    const element = document.querySelector('test-action') as HTMLElement;
    element.remove();
    await vi.waitFor(() => expect(calls[0]?.signal.aborted).toBe(true));
    calls[0]?.settle.reject(new ApiError('aborted', ['aborted']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(element.textContent).toBe('');
  });

  it('says nothing when the task has nothing to say (its success told elsewhere)', async () => {
    const button = await mount();
    fireEvent.click(button);
    calls[0]?.settle.resolve(undefined);
    await vi.waitFor(() => expect(button.textContent).toBe('Send'));
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('');
  });
});

/** A form of two fields whose action is held back while Name is empty, then sends `send`. */
let send: () => Promise<string | undefined>;

function FormHarness() {
  const [site, setSite] = useState('Leeds');
  const [name, setName] = useState('');
  const [checked, setChecked] = useState(false);
  const action = useAction(async () => {
    setChecked(true);
    if (name === '') return HELD_BACK;
    return send();
  });
  return (
    <>
      <input aria-label="Search the page" />
      <form>
        <TextField label="Site" field="Job.site_name" value={site} onChange={setSite} />
        <TextField
          label="Name"
          name="User[name]"
          value={name}
          error={checked && name === '' ? 'Enter a name' : null}
          onChange={setName}
        />
        <ActionOutcome action={action} />
        <ActionButton action={action}>Save</ActionButton>
      </form>
    </>
  );
}
defineElement('test-action-form', FormHarness, { attributes: {} });

async function mountForm() {
  document.body.innerHTML = '<test-action-form></test-action-form>';
  const save = await screen.findByRole('button', { name: 'Save' });
  return {
    save,
    site: screen.getByLabelText('Site') as HTMLInputElement,
    name: screen.getByLabelText('Name') as HTMLInputElement,
  };
}

/** Clicks Save as a user does: the button takes the focus first. */
function press(save: HTMLElement) {
  save.focus();
  fireEvent.click(save);
}

/** The failure's message box, once shown. */
const failureShown = () =>
  vi.waitFor(() => {
    const box = document.querySelector<HTMLElement>('[role="alert"] > .fm-alert--danger');
    if (!box) throw new Error('no failure yet');
    return box;
  });

describe('useAction: where the focus goes', () => {
  it('to the first field at fault when its own check holds the action back', async () => {
    send = vi.fn(async () => 'Saved');
    const { save, name } = await mountForm();
    press(save);
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // The field's error is read out; the action's own failure region says nothing.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Enter a name',
      '',
    ]);
    expect(send).not.toHaveBeenCalled();
  });

  it('to the message when the host refuses without naming a field, read out at once', async () => {
    send = () => Promise.reject(new ApiError('http', ['This job is closed'], 409));
    const { save, name } = await mountForm();
    fireEvent.change(name, { target: { value: 'Jane' } });
    press(save);
    const box = await failureShown();
    expect(box.textContent).toBe('This job is closed');
    expect(box.parentElement?.getAttribute('role')).toBe('alert');
    expect(box.tabIndex).toBe(-1);
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('to the first field on the form the refusal names, by its name or its field', async () => {
    const { save, site, name } = await mountForm();
    fireEvent.change(name, { target: { value: 'Jane' } });
    send = () => Promise.reject(new ApiError('http', ['User.name: Jane is taken'], 400));
    press(save);
    await failureShown();
    await vi.waitFor(() => expect(document.activeElement).toBe(name));

    // A path without its model names the field too; the first on the form wins.
    send = () =>
      Promise.reject(
        new ApiError('http', ['User.name is required', 'site_name: there is no such site'], 400),
      );
    press(save);
    await vi.waitFor(() => expect(document.activeElement).toBe(site));
  });

  it('to the message when the words come from us, whatever path they name', async () => {
    const { save, name } = await mountForm();
    fireEvent.change(name, { target: { value: 'Jane' } });
    // An answer not matching the contract names the answer's path, not a field of the form.
    send = () =>
      Promise.reject(
        new ApiError('contract', ['Unexpected response from the server: User.name is required']),
      );
    press(save);
    const box = await failureShown();
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('nowhere when the user has gone elsewhere while it was sent', async () => {
    let refuse = (_error: unknown) => {};
    send = () => new Promise((_, reject) => (refuse = reject));
    const { save, name } = await mountForm();
    fireEvent.change(name, { target: { value: 'Jane' } });
    press(save);
    const elsewhere = screen.getByLabelText('Search the page');
    elsewhere.focus();
    refuse(new ApiError('http', ['User.name: Jane is taken'], 400));
    await failureShown();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(elsewhere);
  });
});
