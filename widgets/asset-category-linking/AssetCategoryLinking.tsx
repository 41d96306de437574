import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { AssetCategoryLinkRow } from '../../src/core/contract';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import type { Row, TableColumn } from '../../src/ui/columns';
import { SaveBar } from '../../src/ui/SaveBar';
import { saveBarState } from '../../src/ui/save-state';
import { Table, TableLoadError } from '../../src/ui/Table';
import { useUnsavedChangesGuard } from '../../src/ui/unsaved-changes';
import messages from './messages';
import { type AssetCategoryStore, createAssetCategoryStore } from './store';

type AssetCategoryWords = (typeof messages)['assetCategoryLinking'];

export interface AssetCategoryLinkingProps {
  sourceUrl: string;
  saveUrl: string;
  model: string;
}

const columns = (words: AssetCategoryWords): TableColumn[] => [
  { field: 'name', title: words.name(), filter: true, grow: 2 },
  { field: 'asset_category_name', title: words.category(), sortable: false, width: 180 },
];

/** The category select of one row; 'None' removes the link. */
function categorySelect(
  store: AssetCategoryStore,
  row: AssetCategoryLinkRow,
  words: AssetCategoryWords,
): Node {
  const { categories, choose } = store.getState();
  const select = document.createElement('select');
  select.className = 'fm-linking__control';
  select.setAttribute('aria-label', words.categoryOf(row.name));
  select.add(new Option(words.none(), '', false, row.asset_category_id === null));
  for (const category of categories) {
    const selected = category.id === row.asset_category_id;
    select.add(new Option(category.name, String(category.id), false, selected));
  }
  select.addEventListener('change', () =>
    choose(row.id, select.value === '' ? null : Number(select.value)),
  );
  return select;
}

/**
 * Models (or problem types) and their asset categories, with save (docs/requirements.md §2, §3;
 * calls 18, 21).
 */
export function AssetCategoryLinking({ sourceUrl, saveUrl, model }: AssetCategoryLinkingProps) {
  const { signal } = useHost();
  const api = useApi();
  const [store] = useState(() => createAssetCategoryStore(api));
  const state = useStore(store);
  const words = useWords(messages).assetCategoryLinking;
  const isDirty = useCallback(() => store.getState().dirty, [store]);

  useEffect(() => {
    void store.getState().load(sourceUrl, signal);
  }, [store, sourceUrl, signal]);

  useUnsavedChangesGuard(isDirty, signal);

  if (state.status === 'error') {
    return (
      <TableLoadError
        message={state.error ?? ''}
        onRetry={() => void store.getState().load(sourceUrl, signal)}
      />
    );
  }

  return (
    <div className="fm-linking" aria-busy={state.status === 'loading' || state.saving}>
      <SaveBar
        {...saveBarState(state)}
        onSave={() => void store.getState().save(saveUrl, model, signal)}
      />
      {state.status === 'ready' && (
        <Table
          label={words.table()}
          columns={columns(words)}
          rows={state.rows as unknown as Row[]}
          pageSize={null}
          searchDelay={0}
          renderCell={(field, row) =>
            field === 'asset_category_name'
              ? categorySelect(store, row as unknown as AssetCategoryLinkRow, words)
              : null
          }
        />
      )}
    </div>
  );
}
