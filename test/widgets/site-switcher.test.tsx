import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/site-switcher/index';

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

async function mount(path: string, sites: string, attributes = '') {
  history.replaceState(null, '', path);
  document.body.innerHTML = `<fm-site-switcher data-sites='${sites}' ${attributes}></fm-site-switcher>`;
  return vi.waitFor(() => {
    const select = document.querySelector<HTMLSelectElement>('select');
    if (!select) throw new Error('not rendered');
    return select;
  });
}

describe('fm-site-switcher', () => {
  it('goes to the current path ending /site_id:{id}, replacing the one there', async () => {
    const select = await mount(
      '/documentation/site_id:1',
      '[{"id":1,"name":"Leeds"},{"id":3,"name":"York"}]',
    );
    expect(select.value).toBe('1');
    expect(select.labels?.[0]?.textContent).toBe('Site');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    select.value = '3';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(assign).not.toHaveBeenCalled();
    (document.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/documentation/site_id:3'));
  });

  it('starts with no site chosen when the path has none', async () => {
    const select = await mount('/documentation', '{"1":"Leeds","3":"York"}');
    expect(select.value).toBe('');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Choose a site',
      'Leeds',
      'York',
    ]);
    expect((document.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says its words, and names its list, in the words of its data-messages', async () => {
    const words = {
      'siteSwitcher.label': 'Standort',
      'siteSwitcher.chooseSite': 'Standort wählen',
      'siteSwitcher.show': 'Anzeigen',
    };
    const select = await mount(
      '/documentation',
      '{"1":"Leeds"}',
      `data-messages='${JSON.stringify(words)}'`,
    );
    expect(select.options[0]?.text).toBe('Standort wählen');
    expect(document.querySelector('button[type="submit"]')?.textContent).toBe('Anzeigen');
    // The list's accessible name.
    expect(select.labels?.[0]?.textContent).toBe('Standort');
  });

  it("keeps the host's data-label over the catalog's", async () => {
    const select = await mount(
      '/documentation',
      '{"1":"Leeds"}',
      `data-label="Depot" data-messages='{"siteSwitcher.label": "Standort"}'`,
    );
    expect(select.labels?.[0]?.textContent).toBe('Depot');
  });

  it('names a bad sites attribute', async () => {
    document.body.innerHTML = `<fm-site-switcher data-sites='"x"'></fm-site-switcher>`;
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        'fm-site-switcher: data-sites must be',
      ),
    );
  });

  it('names the site that has no name, instead of listing "undefined"', async () => {
    document.body.innerHTML = `<fm-site-switcher data-sites='[{"id":1,"name":"Leeds"},{"id":3}]'></fm-site-switcher>`;
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(
        'fm-site-switcher: data-sites: [1].name is required',
      ),
    );
    expect(document.querySelector('select')).toBeNull();
  });
});
