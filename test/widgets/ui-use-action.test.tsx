import { fireEvent, screen } from '@testing-library/dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/runtime/api';
import { defineElement } from '../../src/runtime/define';
import { ActionButton, ActionOutcome, useAction } from '../../src/ui/useAction';

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

  it('says nothing when the task stops early on its own', async () => {
    const button = await mount();
    fireEvent.click(button);
    calls[0]?.settle.resolve(undefined);
    await vi.waitFor(() => expect(button.textContent).toBe('Send'));
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('');
  });
});
