import { fireEvent, screen } from '@testing-library/dom';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defineElement } from '../../src/ui/define-element';
import {
  CheckboxField,
  chosenOption,
  SelectField,
  showControlError,
  TextareaField,
  TextField,
} from '../../src/ui/Field';

const CONTRACTORS = [
  { value: 7, label: 'Acme Ltd' },
  { value: 9, label: 'Bolt & Co' },
];

let chosen: (number | null)[] = [];

function Harness({ error }: { error?: string }) {
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [contractor, setContractor] = useState<number | null>(7);
  const [capex, setCapex] = useState(false);
  return (
    <form>
      <TextField
        label="Name"
        hint="As on the invoice"
        error={error}
        value={name}
        onChange={setName}
      />
      <TextareaField label="Notes" value={notes} onChange={setNotes} />
      <SelectField
        label="Contractor"
        empty="Choose…"
        options={CONTRACTORS}
        value={contractor}
        onChange={(value) => {
          chosen.push(value);
          setContractor(value);
        }}
      />
      <CheckboxField
        label="Capex approver"
        name="User[capex_approver]"
        value="1"
        uncheckedValue="0"
        hint="Needs a quote authorisation above 0."
        checked={capex}
        onChange={setCapex}
      />
      <output>{`${name}|${notes}|${contractor}|${capex}`}</output>
    </form>
  );
}
defineElement('test-fields', Harness, { attributes: { error: 'string' } });

async function mount(attributes = '') {
  chosen = [];
  document.body.innerHTML = `<test-fields ${attributes}></test-fields>`;
  return screen.findByRole('textbox', { name: 'Name' });
}

const output = () => document.querySelector('output')?.textContent;

describe('form blocks', () => {
  it('ties each control to its label and hint, and passes typed values up', async () => {
    const name = await mount();
    expect(name.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('As on the invoice').id).toBe(name.getAttribute('aria-describedby'));
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(name, { target: { value: 'Ann' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Leak' } });
    await vi.waitFor(() => expect(output()).toBe('Ann|Leak|7|false'));
  });

  it('shows the error in the one error class, marks the control invalid and describes it', async () => {
    const name = await mount('data-error="Name is required"');
    const error = screen.getByText('Name is required');
    expect(error.className).toContain('fm-field-error');
    expect(document.querySelector('.fm-field__error')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.className).toContain('is-invalid');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  });

  it('reads the empty option of a select as none and an option as its typed value', async () => {
    await mount();
    const select = screen.getByRole('combobox', { name: 'Contractor' }) as HTMLSelectElement;
    expect(select.value).toBe('7');
    fireEvent.change(select, { target: { value: '' } });
    await vi.waitFor(() => expect(output()).toBe('||null|false'));
    fireEvent.change(select, { target: { value: '9' } });
    await vi.waitFor(() => expect(output()).toBe('||9|false'));
    expect(chosen).toEqual([null, 9]);
  });

  it('posts 0 for an unticked checkbox and 1 once ticked, its hint read with it', async () => {
    await mount();
    const box = screen.getByRole('checkbox', { name: 'Capex approver' });
    const form = box.closest('form') as HTMLFormElement;
    expect(new FormData(form).getAll('User[capex_approver]')).toEqual(['0']);
    expect(screen.getByText('Needs a quote authorisation above 0.').id).toBe(
      box.getAttribute('aria-describedby'),
    );
    fireEvent.click(box);
    await vi.waitFor(() => expect(output()).toBe('||7|true'));
    expect(new FormData(form).getAll('User[capex_approver]')).toEqual(['0', '1']);
  });
});

describe('chosenOption', () => {
  it('maps the select text back to the option value, whatever its type', () => {
    expect(chosenOption(CONTRACTORS, '9')).toBe(9);
    expect(chosenOption(CONTRACTORS, '')).toBeNull();
    expect(chosenOption(CONTRACTORS, '42')).toBeNull();
    const via = [{ value: 'email', label: 'Email' }] as const;
    expect(chosenOption(via, 'email')).toBe('email');
  });
});

describe('showControlError (a control drawn outside React)', () => {
  it("puts Field's error under the control, describing it, and takes it away", () => {
    document.body.innerHTML = '<div><input aria-label="Amount"></div>';
    const input = document.querySelector('input') as HTMLInputElement;
    expect(showControlError(input, 'Too low')).toBe(true);
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Too low');
    expect(error.previousElementSibling).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(showControlError(input, 'Too low')).toBe(false);
    expect(showControlError(input, 'Not a number')).toBe(true);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Not a number',
    ]);
    expect(showControlError(input, null)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(showControlError(input, null)).toBe(false);
  });
});
