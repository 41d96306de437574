import { readFileSync } from 'node:fs';
import { fireEvent } from '@testing-library/dom';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutocompleteItem } from '../../src/core/contract';
import { Autocomplete } from '../../src/ui/Autocomplete';
import { defineElement } from '../../src/ui/define-element';
import { Field } from '../../src/ui/Field';

const selected: (AutocompleteItem | null)[] = [];

function Harness(props: { multiple: boolean; error: string; hint: string }) {
  const [value, setValue] = useState('');
  return (
    <Autocomplete
      label="Site"
      source="/api/sites/autocomplete"
      params={{ type: 3, capex_approver: 1 }}
      filters={[{ field: 'type', values: ['office', 'store'] }]}
      multiple={props.multiple}
      error={props.error || undefined}
      hint={props.hint || undefined}
      value={value}
      onChange={setValue}
      onSelect={(item) => selected.push(item)}
    />
  );
}
defineElement('test-autocomplete', Harness, {
  attributes: { multiple: 'boolean', error: 'string', hint: 'string' },
});

/** Field itself, framing a plain input: what Autocomplete's label, hint and error must match. */
function PlainField(props: { error: string; hint: string }) {
  return (
    <Field label="Site" hint={props.hint || undefined} error={props.error || undefined}>
      {(control) => <input {...control} />}
    </Field>
  );
}
defineElement('test-plain-field', PlainField, { attributes: { error: 'string', hint: 'string' } });

/**
 * A field's frame as markup with the ids left out: its box, label, hint and error, and what its
 * control is labelled and described by (the combobox's own list and status aside).
 */
function frameOf(tag: string): string {
  const host = document.querySelector(tag);
  const control = host?.querySelector('input');
  if (!host || !control) throw new Error(`${tag} not rendered`);
  const describedBy = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((element) => element?.getAttribute('role') !== 'status')
    .map((element) => element?.className);
  const box = host.firstElementChild?.cloneNode(true) as Element;
  for (const own of box.querySelectorAll('input, [role="listbox"], [role="status"]')) own.remove();
  for (const element of box.querySelectorAll('[id], [for]')) {
    element.removeAttribute('id');
    element.removeAttribute('for');
  }
  box.classList.remove('fm-autocomplete');
  return JSON.stringify({
    box: box.outerHTML,
    labelledBy: control.labels?.[0]?.className,
    describedBy,
    className: control.className,
    invalid: control.getAttribute('aria-invalid'),
  });
}

interface Pending {
  request: Request;
  respond(response: Response): void;
  aborted: boolean;
}
let requests: Pending[];

function fetchStub(request: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    const pending: Pending = { request, respond: resolve, aborted: false };
    requests.push(pending);
    request.signal.addEventListener('abort', () => {
      pending.aborted = true;
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SITES = [
  { id: 1, label: 'Leeds Head Office', value: 'Leeds Head Office' },
  { id: 2, label: 'Leeds Store' },
];

async function mount(attributes = '') {
  document.body.innerHTML = `<test-autocomplete ${attributes}></test-autocomplete>`;
  return vi.waitFor(() => {
    const input = document.querySelector<HTMLInputElement>('[role="combobox"]');
    if (!input) throw new Error('not rendered');
    return input;
  });
}

/** Types as a user would: React listens to input events carrying the new value. */
const press = (input: HTMLInputElement, key: string) =>
  input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

const status = () => document.querySelector('[role="status"]')?.textContent ?? '';
const options = () => [...document.querySelectorAll('[role="option"]')];
const shown = () => document.querySelector('.fm-autocomplete__empty')?.textContent ?? '';

async function answered(index: number, response: Response) {
  const pending = await vi.waitFor(() => {
    const found = requests[index];
    if (!found) throw new Error(`request #${index} not sent`);
    return found;
  });
  pending.respond(response);
  return new URL(pending.request.url);
}

beforeEach(() => {
  requests = [];
  selected.length = 0;
  vi.stubGlobal('fetch', vi.fn(fetchStub));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Autocomplete', () => {
  it('is a labelled combobox that searches from 2 characters with the filters and params', async () => {
    const input = await mount();
    expect(input.labels?.[0]?.textContent).toBe('Site');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.input(input, { target: { value: 'L' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toHaveLength(0);

    fireEvent.input(input, { target: { value: 'Le' } });
    const url = await answered(0, json(SITES));
    expect(url.pathname).toBe('/api/sites/autocomplete');
    expect(url.searchParams.get('term')).toBe('Le');
    expect(url.searchParams.get('filters[type]')).toBe('office,store');
    expect(url.searchParams.get('type')).toBe('3');
    expect(url.searchParams.get('capex_approver')).toBe('1');
    await vi.waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(options().map((o) => o.textContent)).toEqual(['Leeds Head Office', 'Leeds Store']);
    expect(status()).toContain('2 results available');
    expect(document.getElementById(input.getAttribute('aria-controls') ?? '')?.role).toBe(
      'listbox',
    );
  });

  it('aborts the request a later keystroke makes stale', async () => {
    const input = await mount();
    fireEvent.input(input, { target: { value: 'Le' } });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    fireEvent.input(input, { target: { value: 'Lee' } });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]?.aborted).toBe(true);
    expect(new URL(requests[1]?.request.url ?? '').searchParams.get('term')).toBe('Lee');
  });

  it('is driven by the keyboard: arrows move, Enter chooses, Escape closes only the list, then clears', async () => {
    const input = await mount();
    fireEvent.input(input, { target: { value: 'Le' } });
    await answered(0, json(SITES));
    await vi.waitFor(() => expect(options()).toHaveLength(2));

    press(input, 'ArrowDown');
    await vi.waitFor(() =>
      expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id),
    );
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    await vi.waitFor(() =>
      expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id),
    );
    press(input, 'ArrowUp');
    await vi.waitFor(() =>
      expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]?.id),
    );

    press(input, 'Enter');
    await vi.waitFor(() => expect(input.value).toBe('Leeds Store'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(selected.at(-1)).toEqual({ id: 2, label: 'Leeds Store' });

    fireEvent.input(input, { target: { value: 'Leeds S' } });
    expect(selected.at(-1)).toBeNull();
    await answered(1, json(SITES));
    await vi.waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    // The first Escape closes only the list: the page (a dialog around it) does not hear it.
    const heard = vi.fn();
    document.addEventListener('keydown', heard);
    press(input, 'Escape');
    await vi.waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
    expect(input.value).toBe('Leeds S');
    expect(heard).not.toHaveBeenCalled();
    // The next one clears the text and is the page's too (a dialog closes on it).
    press(input, 'Escape');
    await vi.waitFor(() => expect(input.value).toBe(''));
    expect(heard).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', heard);
  });

  it('chooses by click, and with multiple appends to the earlier terms', async () => {
    const input = await mount('data-multiple');
    fireEvent.input(input, { target: { value: 'York, L' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toHaveLength(0);
    fireEvent.input(input, { target: { value: 'York, Le' } });
    const url = await answered(0, json(SITES));
    expect(url.searchParams.get('term')).toBe('Le');
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    (options()[0] as HTMLElement).click();
    await vi.waitFor(() => expect(input.value).toBe('York, Leeds Head Office, '));
    expect(selected.at(-1)).toEqual(SITES[0]);
  });

  it('announces no results, and a failed search', async () => {
    const input = await mount();
    fireEvent.input(input, { target: { value: 'Zz' } });
    await answered(0, json([]));
    await vi.waitFor(() => expect(status()).toBe('Nothing matches “Zz”.'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // Said once, on show while the term stands, by the live region itself: an empty search is
    // not a blank, and it is not said twice in two wordings.
    expect(shown()).toBe('Nothing matches “Zz”.');
    expect(document.body.textContent).not.toContain('No results');
    expect(document.body.textContent?.split('Nothing matches')).toHaveLength(2);

    fireEvent.input(input, { target: { value: 'Zzz' } });
    expect(shown()).toBe('');
    await answered(1, json({ status: 'error', message: 'Search is unavailable' }, 500));
    await vi.waitFor(() => expect(status()).toBe('The search failed: Search is unavailable'));
    expect(shown()).toBe('The search failed: Search is unavailable');
    expect(document.body.textContent?.split('search failed')).toHaveLength(2);
    fireEvent.input(input, { target: { value: 'Z' } });
    expect(shown()).toBe('');
    expect(status()).toBe('');
  });

  it('says what narrows the search, under the input and described by it', async () => {
    const input = await mount('data-hint="Only capex approvers are listed."');
    const hintId = input.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe('Only capex approvers are listed.');
  });

  it('shows its error and marks the input invalid', async () => {
    const input = await mount('data-error="Choose a site from the list"');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const errorId = input.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Choose a site from the list');
  });

  it('cancels its search when removed from the page', async () => {
    const input = await mount();
    fireEvent.input(input, { target: { value: 'Le' } });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    document.body.innerHTML = '';
    await vi.waitFor(() => expect(requests[0]?.aborted).toBe(true));
  });

  it("is framed by Field: the same box, label, hint and error, tied to its input by Field's ids", async () => {
    const attributes = 'data-hint="Only capex approvers are listed." data-error="Choose a site"';
    document.body.innerHTML = `<test-autocomplete ${attributes}></test-autocomplete><test-plain-field ${attributes}></test-plain-field>`;
    await vi.waitFor(() => expect(document.querySelectorAll('input')).toHaveLength(2));
    expect(frameOf('test-autocomplete')).toBe(frameOf('test-plain-field'));
  });

  it('writes no label or error markup of its own: a copy of Field would drift from it', () => {
    const source = readFileSync('src/ui/Autocomplete.tsx', 'utf8');
    expect(source).toMatch(/import \{[^}]*\bField\b[^}]*\} from '\.\/Field'/);
    expect(source).toContain('<Field');
    expect(source).not.toMatch(/<label\b|fm-label|fm-field-error|invalid-feedback|fm-field-hint/);
  });
});
