import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportElement } from '../../widgets/report/index';

function report(attributes: Record<string, string>) {
  const element = document.createElement('fm-report');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const invalid: unknown[] = [];
  element.addEventListener('fm-report-invalid', (event) => invalid.push(event.detail));
  document.body.append(element);
  return { element, invalid };
}

describe('fm-report before anything is embedded', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every configuration error inline and in fm-report-invalid, and embeds nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { element, invalid } = report({
      'data-embed-type': 'tile',
      'data-config': JSON.stringify({ id: 5, width: 'wide' }),
      'data-view-mode': 'Watch',
    });
    await vi.waitFor(() => expect(element.querySelectorAll('li').length).toBeGreaterThan(0));
    const errors = [
      'data-view-mode must be one of View, Edit or their numbers',
      'accessToken is required',
      'id must be a string',
      'dashboardId is required',
      'width must be a number',
      'embedUrl is required',
    ];
    expect([...element.querySelectorAll('li')].map((item) => item.textContent)).toEqual(errors);
    expect(invalid).toEqual([{ attribute: 'data-config', errors }]);

    element.removeAttribute('data-view-mode');
    await vi.waitFor(() =>
      expect([...element.querySelectorAll('li')].map((item) => item.textContent)).toEqual(
        errors.slice(1),
      ),
    );
    expect(element.querySelector('[role="alert"]')?.textContent).toContain(
      'configuration is invalid',
    );
    expect(element.querySelector('iframe')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says what is wrong, and names its region, in the element's data-messages", async () => {
    const { element, invalid } = report({
      'data-embed-type': 'report',
      'data-messages': JSON.stringify({
        'report.invalidConfiguration': 'Not shown: the configuration is wrong.',
        'report.embeddedReport': 'Sales report',
      }),
    });
    await vi.waitFor(() => expect(invalid).toHaveLength(1));
    expect(element.querySelector('[role="alert"]')?.textContent).toMatch(
      /^Not shown: the configuration is wrong\./,
    );
    expect(element.querySelector('section')?.getAttribute('aria-label')).toBe('Sales report');
  });

  it('a bare element asks for its two required attributes', async () => {
    const { element, invalid } = report({});
    await vi.waitFor(() => expect(invalid).toHaveLength(1));
    expect(invalid[0]).toEqual({
      attribute: 'data-config',
      errors: ['data-embed-type is required', 'data-config is required'],
    });
    expect(element.querySelector('.fm-report__frame')?.hasAttribute('hidden')).toBe(true);
  });

  it('gives hosts the enumerations, filter builders and checks on the element class', () => {
    expect(customElements.get('fm-report')).toBe(ReportElement);
    expect(ReportElement.enums.Permissions.ReadWrite).toBe(1);
    expect(ReportElement.validateConfiguration('qna', {})).toEqual([
      'accessToken is required',
      'datasetIds is required',
    ]);
    expect(() => ReportElement.filters.basicFilter({ table: 'T', column: 'C' }, 'In', [])).toThrow(
      'values must be a non-empty array unless your operator is "All".',
    );
    expect(ReportElement.withEnumNumbers({ viewMode: 'Edit' })).toEqual({ viewMode: 1 });
  });
});
