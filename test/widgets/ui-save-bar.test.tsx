import { fireEvent, screen } from '@testing-library/dom';
import { describe, expect, it, vi } from 'vitest';
import { defineElement } from '../../src/ui/define-element';
import { SaveBar } from '../../src/ui/SaveBar';

let saves = 0;

function Harness(props: { dirty: boolean; saving: boolean; error?: string; saved?: string }) {
  return (
    <SaveBar
      dirty={props.dirty}
      saving={props.saving}
      loading={false}
      error={props.error}
      saved={props.saved}
      onSave={() => {
        saves += 1;
      }}
    />
  );
}
defineElement('test-save-bar', Harness, {
  attributes: { dirty: 'boolean', saving: 'boolean', error: 'string', saved: 'string' },
});

async function mount(attributes: string) {
  saves = 0;
  document.body.innerHTML = `<test-save-bar ${attributes}></test-save-bar>`;
  return screen.findByRole('button');
}

describe('SaveBar', () => {
  it('offers Save only with unsaved changes, and says so', async () => {
    const clean = (await mount('data-saved="3 links saved"')) as HTMLButtonElement;
    expect(clean.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('3 links saved');
    // Done reads as done (green), not as the amber of edits still waiting.
    expect(screen.getByRole('status').className).toContain('fm-save-bar__status--saved');
    const dirty = (await mount('data-dirty')) as HTMLButtonElement;
    await vi.waitFor(() => expect(dirty.disabled).toBe(false));
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    expect(screen.getByRole('status').className).toContain('fm-save-bar__status--unsaved');
    fireEvent.click(dirty);
    expect(saves).toBe(1);
  });

  it("shows 'Saving...' and cannot be pressed again while it saves; a failure is an alert", async () => {
    const button = (await mount(
      'data-dirty data-saving data-error="Not saved"',
    )) as HTMLButtonElement;
    expect(button.textContent).toBe('Saving...');
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Not saved');
  });
});
