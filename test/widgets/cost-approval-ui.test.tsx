import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '../../src/ui/Alert';
import { defineElement } from '../../src/ui/define-element';
import { Dialog } from '../../widgets/cost-approval/Dialog';
import '../../widgets/cost-approval/index';
import { find, text } from './cost-approval-harness';

/** The shared pieces of src/ui owned with fm-cost-approval, mounted on their own. */

function Harness({ empty }: { empty: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Settings" onClose={() => setOpen(false)}>
          {!empty && (
            <>
              <input aria-label="Name" />
              <button type="button">Save</button>
            </>
          )}
        </Dialog>
      )}
      <Alert kind="danger" messages={['First', 'Second']} />
      <Alert kind="success" messages="Saved" />
    </>
  );
}
defineElement('test-cost-approval-ui', Harness, { attributes: { empty: 'boolean' } });

async function openDialog(attributes = '') {
  document.body.innerHTML = `<test-cost-approval-ui ${attributes}></test-cost-approval-ui>`;
  const opener = await find<HTMLButtonElement>('button');
  opener.focus();
  opener.click();
  return { opener, dialog: await find('[role="dialog"]') };
}

const key = (target: Element, name: string, shiftKey = false) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: name, shiftKey, bubbles: true, cancelable: true }),
  );

describe('Dialog', () => {
  it('is a labelled modal that takes focus to its first control and cycles Tab inside', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(text(document.getElementById(dialog.getAttribute('aria-labelledby') ?? ''))).toBe(
      'Settings',
    );
    const close = dialog.querySelector('.fm-dialog__close') as HTMLElement;
    expect(document.activeElement).toBe(close);
    key(close, 'Tab', true);
    expect(text(document.activeElement)).toBe('Save');
    key(document.activeElement as Element, 'Tab');
    expect(document.activeElement).toBe(close);
  });

  it('closes on Esc and on ×, giving focus back to the opener', async () => {
    const { opener, dialog } = await openDialog();
    key(dialog.querySelector('input') as Element, 'Escape');
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(document.activeElement).toBe(opener);
    opener.click();
    (await find<HTMLButtonElement>('.fm-dialog__close')).click();
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('when its focused control goes away, Esc still closes it and Tab comes back inside', async () => {
    const { opener, dialog } = await openDialog();
    const save = dialog.querySelector('button:not(.fm-dialog__close)') as HTMLElement;
    save.focus();
    save.remove(); // as a panel is, once the action its button started has gone through
    (document.activeElement as HTMLElement | null)?.blur();
    expect(dialog.contains(document.activeElement)).toBe(false);
    key(document.body, 'Tab');
    expect(document.activeElement).toBe(dialog.querySelector('.fm-dialog__close'));
    (document.activeElement as HTMLElement).blur();
    key(document.body, 'Escape');
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('brings focus that leaves for the page behind back into the dialog', async () => {
    const { opener, dialog } = await openDialog();
    opener.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab on the close button when it is the only control', async () => {
    const { dialog } = await openDialog('data-empty');
    const close = dialog.querySelector('.fm-dialog__close') as HTMLElement;
    key(close, 'Tab');
    expect(document.activeElement).toBe(close);
  });
});

describe('Alert', () => {
  it('reads danger out as an alert (a list for several messages) and others as a status', async () => {
    document.body.innerHTML = '<test-cost-approval-ui></test-cost-approval-ui>';
    const alert = await find('[role="alert"]');
    expect([...alert.querySelectorAll('li')].map((li) => text(li))).toEqual(['First', 'Second']);
    expect(text(await find('[role="status"]'))).toBe('Saved');
  });
});

describe('fm-cost-approval attributes', () => {
  it('names data-engineers when it is not a list of engineers', async () => {
    // React logs the error the boundary catches; the test reads what the page shows.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = `<fm-cost-approval data-job-id="1" data-engineers='{"id":1}'></fm-cost-approval>`;
    expect(text(await find('[role="alert"]'))).toMatch(
      /^fm-cost-approval: data-engineers must be a list/,
    );
    document.body.innerHTML = '<fm-cost-approval></fm-cost-approval>';
    expect(text(await find('[role="alert"]'))).toBe('fm-cost-approval: data-job-id is required');
    logged.mockRestore();
  });
});
