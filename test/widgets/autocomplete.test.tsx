import { fireEvent } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFilters } from '../../widgets/autocomplete/AutocompleteField';
import '../../widgets/autocomplete/index';
import messages from '../../widgets/autocomplete/messages';

const SITES = [
  { id: 1, label: 'Leeds Head Office' },
  { id: 2, label: 'Leeds Store' },
];
let urls: URL[];

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      urls.push(new URL(request.url));
      return new Response(JSON.stringify(SITES), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function mount(html: string) {
  document.body.innerHTML = html;
  const input = await vi.waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('[role="combobox"]');
    if (!found) throw new Error('not rendered');
    return found;
  });
  return input;
}

async function choose(input: HTMLInputElement, text: string, index: number) {
  fireEvent.input(input, { target: { value: text } });
  const option = await vi.waitFor(
    () => {
      const found = document.querySelectorAll<HTMLElement>('[role="option"]')[index];
      if (!found || input.getAttribute('aria-expanded') !== 'true') throw new Error('no options');
      return found;
    },
    { timeout: 2000 },
  );
  option.click();
}

const FORM = `<form action="/jobs/add" method="post">
  <fm-autocomplete data-source="/api/sites/autocomplete" data-label="Site" data-name="Job[site_name]"
    data-id-target="JobSiteId" data-required data-filters='{"type":["office","store"]}'></fm-autocomplete>
  <input type="hidden" id="JobSiteId" name="Job[site_id]" value="">
  <button type="submit">Save</button>
</form>`;

describe('fm-autocomplete', () => {
  it('searches the source with the filters and fills the text and the id field', async () => {
    const input = await mount(FORM);
    expect(input.name).toBe('Job[site_name]');
    const selections: unknown[] = [];
    document.addEventListener('fm-autocomplete-select', (event) => selections.push(event.detail));
    await choose(input, 'Le', 1);
    expect(urls[0]?.pathname).toBe('/api/sites/autocomplete');
    expect(urls[0]?.searchParams.get('term')).toBe('Le');
    expect(urls[0]?.searchParams.get('filters[type]')).toBe('office,store');
    await vi.waitFor(() => expect(input.value).toBe('Leeds Store'));
    expect(document.querySelector<HTMLInputElement>('#JobSiteId')?.value).toBe('2');
    expect(selections).toEqual([SITES[1]]);

    fireEvent.input(input, { target: { value: 'Leeds Stor' } });
    await vi.waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('#JobSiteId')?.value).toBe(''),
    );
    expect(selections.at(-1)).toBeNull();
  });

  it('stops the form and says why while a required id is not chosen', async () => {
    const input = await mount(FORM);
    const form = document.querySelector('form') as HTMLFormElement;
    const sent = vi.fn();
    form.addEventListener('submit', (event) => {
      sent(event.defaultPrevented);
      event.preventDefault();
    });
    fireEvent.input(input, { target: { value: 'Leeds' } });
    form.requestSubmit();
    expect(sent).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-field-error')?.textContent).toBe(
        'Choose Site from the list of suggestions',
      ),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(messages.autocomplete.requiredChoice('Site')).toBe(
      'Choose Site from the list of suggestions',
    );

    await choose(input, 'Lee', 0);
    await vi.waitFor(() => expect(document.querySelector('.fm-field-error')).toBeNull());
    form.requestSubmit();
    expect(sent).toHaveBeenCalledWith(false);
  });

  it('says its label and why the form stops in the words of its data-messages', async () => {
    const words = {
      'autocomplete.label': 'Suche',
      'autocomplete.requiredChoice': 'Bitte {label} aus der Liste wählen',
    };
    const input = await mount(
      FORM.replace('data-label="Site" ', '').replace(
        'data-required',
        `data-required data-messages='${JSON.stringify(words)}'`,
      ),
    );
    expect(input.labels?.[0]?.textContent).toBe('Suche');
    const form = document.querySelector('form') as HTMLFormElement;
    form.addEventListener('submit', (event) => event.preventDefault());
    fireEvent.input(input, { target: { value: 'Leeds' } });
    form.requestSubmit();
    // Said under the field, and announced.
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-field-error')?.textContent).toBe(
        'Bitte Suche aus der Liste wählen',
      ),
    );
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'Bitte Suche aus der Liste wählen',
    );
  });

  it('appends choices and their ids when multiple', async () => {
    const input = await mount(`<fm-autocomplete data-source="/api/sites/autocomplete" data-multiple
      data-id-target="#ids"></fm-autocomplete><input id="ids">`);
    await choose(input, 'Le', 0);
    await vi.waitFor(() => expect(input.value).toBe('Leeds Head Office, '));
    await choose(input, 'Leeds Head Office, Le', 1);
    await vi.waitFor(() => expect(input.value).toBe('Leeds Head Office, Leeds Store, '));
    expect(urls.at(-1)?.searchParams.get('term')).toBe('Le');
    expect(document.querySelector<HTMLInputElement>('#ids')?.value).toBe('1,2');
    fireEvent.input(input, { target: { value: 'Leeds Store, ' } });
    await vi.waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('#ids')?.value).toBe('2'),
    );
  });

  it('reads filters as an object or a list, and names a bad source attribute', async () => {
    expect(readFilters({ type: ['a', 1], site: 'x' })).toEqual([
      { field: 'type', values: ['a', '1'] },
      { field: 'site', values: ['x'] },
    ]);
    expect(readFilters([{ field: 'type', values: ['a'] }])).toEqual([
      { field: 'type', values: ['a'] },
    ]);
    document.body.innerHTML = '<fm-autocomplete></fm-autocomplete>';
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(
        'fm-autocomplete: data-source is required',
      ),
    );
  });
});
