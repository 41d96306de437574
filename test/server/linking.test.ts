import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assetCategoriesResponse,
  assetCategoryRowsPath,
  assetCategoryRowsResponse,
  assetCategorySaveBody,
  assetCategorySaveResponse,
  linkingRowsPath,
  linkingRowsResponse,
  linkingSaveBody,
  linkingSaveResponse,
} from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const scope = {
  model: 'Site',
  asset_id: null,
  documentation_category_id: null,
  site_id: 1,
  user_id: null,
  problem_type_id: null,
};

const newRow = {
  id: null,
  priority_id: 2,
  contractor_id: 22,
  asset_id: null,
  model_id: null,
  not_to_exceed: 450.5,
  time_to_fix: 24,
  include_non_working: false,
  active: true,
};

describe('GET /api/linking/AssetCategories (call 18)', () => {
  it('lists the asset categories with their primary flag', async () => {
    const body = await decoded(
      await host.get('/api/linking/AssetCategories'),
      assetCategoriesResponse,
    );
    expect(body.data).toContainEqual({ id: 1, name: 'HVAC', primary: true });
    expect(body.data).toContainEqual({ id: 3, name: 'Plumbing', primary: false });
  });
});

describe('linking rows and save (call 20)', () => {
  it("lists site 1's links", async () => {
    const body = await decoded(
      await host.get(linkingRowsPath({ model: 'Site', siteId: 1 })),
      linkingRowsResponse,
    );
    expect(body.data).toHaveLength(4);
    expect(body.data[0]).toMatchObject({
      priority_id: 1,
      contractor_id: 20,
      include_non_working: true,
      active: true,
    });
  });

  it('stores the posted table: updates rows with an id, adds new ones, removes the rest', async () => {
    const rows = (
      await decoded(
        await host.get(linkingRowsPath({ model: 'Site', siteId: 1 })),
        linkingRowsResponse,
      )
    ).data;
    const first = { ...(rows[0] as (typeof rows)[number]), not_to_exceed: 999, active: false };
    const body = await decoded(
      await host.post('/api/linking/save', linkingSaveBody({ ...scope, ids: [first, newRow] }), {
        as: 'form',
      }),
      linkingSaveResponse,
    );
    expect(body.message).toBe('2 links saved');
    const after = (
      await decoded(
        await host.get(linkingRowsPath({ model: 'Site', siteId: 1 })),
        linkingRowsResponse,
      )
    ).data;
    expect(after).toHaveLength(2);
    expect(after.find((row) => row.id === first.id)).toMatchObject({
      not_to_exceed: 999,
      active: false,
    });
    expect(after.at(-1)).toMatchObject({ ...newRow, id: expect.any(Number) });
  });

  it('accepts JSON with ids as an array, and Asset links', async () => {
    await decoded(
      await host.post('/api/linking/save', {
        ...scope,
        model: 'Asset',
        site_id: 1,
        asset_id: 1,
        ids: [newRow],
      }),
      linkingSaveResponse,
    );
    const body = await decoded(
      await host.get(linkingRowsPath({ model: 'Asset', assetId: 1 })),
      linkingRowsResponse,
    );
    expect(body.data).toHaveLength(1);
    expect(body.data.at(-1)).toMatchObject({ asset_id: 1, contractor_id: 22 });
    // Site 1's own table is untouched by a save of asset 1's.
    expect(host.count('linkings', "model = 'Site' AND site_id = 1")).toBe(4);
  });

  it('refuses bad rows, another table’s row and bad JSON, changing nothing', async () => {
    const before = host.snapshot();
    const save = (ids: unknown, extra: Record<string, unknown> = {}) =>
      host.post('/api/linking/save', { ...scope, ids, ...extra });
    expect(await errorOf(await save([{ ...newRow, contractor_id: 2 }]), 400)).toMatch(
      /ids\[0\]\.contractor_id/,
    );
    expect(await errorOf(await save([{ ...newRow, priority_id: 99 }]), 400)).toMatch(
      /ids\[0\]\.priority_id/,
    );
    expect(await errorOf(await save([{ ...newRow, not_to_exceed: -1 }]), 400)).toMatch(
      /not_to_exceed/,
    );
    expect(await errorOf(await save([{ ...newRow, time_to_fix: 'soon' }]), 400)).toMatch(
      /time_to_fix/,
    );
    // Row 5 belongs to site 2's table.
    expect(await errorOf(await save([{ ...newRow, id: 5 }]), 400)).toMatch(/ids\[0\]\.id/);
    expect(await errorOf(await save('[{"id":'), 400)).toMatch(/ids/);
    expect(await errorOf(await save([newRow], { model: 'Region' }), 400)).toMatch(
      /model must be one of/,
    );
    expect(await errorOf(await save([newRow], { site_id: null }), 400)).toMatch(
      /site_id is required/,
    );
    expect(host.snapshot()).toBe(before);
    expect(await errorOf(await save([newRow], { site_id: 999 }), 404)).toMatch(/Site 999/);
  });

  it('refuses a row without its priority or contractor, and a second row of one link', async () => {
    const before = host.snapshot();
    const save = (ids: unknown, extra: Record<string, unknown> = {}) =>
      host.post('/api/linking/save', { ...scope, ids, ...extra });
    expect(await errorOf(await save([{ ...newRow, priority_id: null }]), 400)).toMatch(
      /ids\[0\]\.priority_id/,
    );
    expect(await errorOf(await save([{ ...newRow, contractor_id: null }]), 400)).toMatch(
      /ids\[0\]\.contractor_id/,
    );
    expect(await errorOf(await save([newRow, { ...newRow, not_to_exceed: 90 }]), 400)).toBe(
      'ids[1]: priority 2 and contractor 22 are linked by ids[0] already; a link is one row',
    );
    // An asset's table: a row without its asset is that asset's, so the same link.
    expect(
      await errorOf(
        await save([newRow, { ...newRow, asset_id: 1 }], { model: 'Asset', asset_id: 1 }),
        400,
      ),
    ).toMatch(/ids\[1\]: priority 2 and contractor 22 are linked by ids\[0\]/);
    expect(host.snapshot()).toBe(before);
    // Another model, or another priority, is another link.
    await decoded(
      await save([newRow, { ...newRow, model_id: 1 }, { ...newRow, priority_id: 3 }]),
      linkingSaveResponse,
    );
  });
});

describe('asset-category rows and save (call 21)', () => {
  it('lists models with their asset category, and links, relinks and unlinks them', async () => {
    const rows = (
      await decoded(await host.get(assetCategoryRowsPath('Model')), assetCategoryRowsResponse)
    ).data;
    expect(rows.find((row) => row.id === 5)).toMatchObject({
      asset_category_id: null,
      asset_category_name: null,
    });
    expect(rows.find((row) => row.id === 1)).toMatchObject({
      asset_category_id: 1,
      asset_category_name: 'HVAC',
    });

    const body = await decoded(
      await host.post(
        '/api/linking/asset_category_save',
        assetCategorySaveBody({
          model: 'Model',
          ids: [
            { id: 5, asset_category_id: 3 },
            { id: 1, asset_category_id: 7 },
            { id: 2, asset_category_id: null },
          ],
        }),
        { as: 'form' },
      ),
      assetCategorySaveResponse,
    );
    expect(body.status).toBe('success');
    const after = (
      await decoded(await host.get(assetCategoryRowsPath('Model')), assetCategoryRowsResponse)
    ).data;
    expect(after.find((row) => row.id === 5)).toMatchObject({
      asset_category_id: 3,
      asset_category_name: 'Plumbing',
    });
    expect(after.find((row) => row.id === 1)).toMatchObject({ asset_category_id: 7 });
    expect(after.find((row) => row.id === 2)).toMatchObject({ asset_category_id: null });
  });

  it('refuses unknown models, rows and categories, changing nothing', async () => {
    const before = host.snapshot();
    const save = (body: Record<string, unknown>) =>
      host.post('/api/linking/asset_category_save', body);
    expect(await errorOf(await save({ model: 'Vehicle', ids: [] }), 400)).toMatch(
      /model must be one of/,
    );
    expect(
      await errorOf(await save({ model: 'Model', ids: [{ id: 99, asset_category_id: 1 }] }), 400),
    ).toMatch(/ids\[0\]\.id/);
    expect(
      await errorOf(await save({ model: 'Model', ids: [{ id: 1, asset_category_id: 99 }] }), 400),
    ).toMatch(/ids\[0\]\.asset_category_id/);
    expect(await errorOf(await host.get(assetCategoryRowsPath('Vehicle')), 400)).toMatch(/model/);
    expect(host.snapshot()).toBe(before);
  });
});
