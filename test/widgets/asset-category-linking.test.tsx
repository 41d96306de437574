import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/asset-category-linking/index';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

const ANSWERS: Record<string, unknown> = {
  '/api/linking/asset_category_rows': {
    data: [{ id: 5, name: 'Heater', asset_category_id: null, asset_category_name: null }],
  },
  '/api/linking/AssetCategories': { data: [{ id: 1, name: 'HVAC', primary: true }] },
};

afterEach(() => vi.unstubAllGlobals());

describe('fm-asset-category-linking', () => {
  // Drawing rows needs layout: Chromium draws each row's select (test/browser/linking.spec.ts).
  it('names its table and its columns in the words of its data-messages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => json(ANSWERS[new URL(request.url).pathname])),
    );
    const words = {
      'assetCategoryLinking.name': 'Bezeichnung',
      'assetCategoryLinking.table': 'Anlagenkategorien',
    };
    document.body.innerHTML = `<fm-asset-category-linking data-source-url="/api/linking/asset_category_rows?model=Model"
      data-save-url="/api/linking/asset_category_save" data-model="Model"
      data-messages='${JSON.stringify(words)}'></fm-asset-category-linking>`;
    const grid = await vi.waitFor(() => {
      const found = document.querySelector('[role="grid"]');
      if (!found) throw new Error('no table yet');
      return found;
    });
    expect(grid.getAttribute('aria-label')).toBe('Anlagenkategorien');
    await vi.waitFor(() =>
      expect(
        [...document.querySelectorAll('.tabulator-col-title')].map((title) => title.textContent),
      ).toEqual(['Bezeichnung', 'Asset category']),
    );
    // The Name column's search box is named by its title.
    expect(
      document.querySelector('.tabulator-header-filter input')?.getAttribute('aria-label'),
    ).toBe('Search Bezeichnung');
  });
});
