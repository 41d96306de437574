import {
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CellComponent, Tabulator } from 'tabulator-tables';
import { useStore } from 'zustand';
import type { Contractor } from '../../src/core/contract';
import { formatMoney } from '../../src/core/format';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import type { Row, TableColumn } from '../../src/ui/columns';
import { showControlError } from '../../src/ui/Field';
import { SaveBar } from '../../src/ui/SaveBar';
import { saveBarState } from '../../src/ui/save-state';
import { Table, TableLoadError } from '../../src/ui/Table';
import { useUnsavedChangesGuard } from '../../src/ui/unsaved-changes';
import { EditedLink, LINK_KEY, useFocusedLink } from './EditedLink';
import messages from './messages';
import {
  type ChoiceField,
  type DraftRow,
  type LinkingScope,
  type LinkingWords,
  matchingRows,
  readNotToExceed,
  readTimeToFix,
  type TypedValue,
} from './rows';
import { keepSavedNote, takeSavedNote } from './saved-note';
import { createLinkingStore, type LinkingState, type LinkingStore } from './store';

export interface LinkingTableProps extends LinkingScope {
  sourceUrl: string;
  saveUrl: string;
}

/** Delay between the last keystroke in the search box and the search. */
export const LINKING_SEARCH_DELAY = 1000; // docs/requirements.md §9

// Least widths hold the controls; the priority and contractor columns are widened to their
// longest option once the choices are in (selectWidth), and take what is left over.
const NARROW = 0.2;
const columnsOf = (words: LinkingWords): TableColumn[] => [
  { field: 'priority_id', title: words.priority(), width: 200, grow: 2 },
  { field: 'contractor_id', title: words.contractor(), sortable: false, width: 220, grow: 2 },
  { field: 'asset_id', title: words.asset(), sortable: false, width: 64, grow: NARROW },
  { field: 'model_id', title: words.model(), sortable: false, width: 64, grow: NARROW },
  {
    field: 'not_to_exceed',
    title: words.notToExceed(),
    kind: 'money',
    sortable: false,
    width: 120,
    grow: NARROW,
  },
  {
    field: 'time_to_fix',
    title: words.timeToFix(),
    kind: 'number',
    sortable: false,
    width: 96,
    grow: NARROW,
  },
  {
    field: 'include_non_working',
    title: words.includeNonWorking(),
    kind: 'boolean',
    sortable: false,
    grow: NARROW,
  },
  { field: 'active', title: words.active(), kind: 'boolean', sortable: false, grow: NARROW },
  { field: 'key', title: words.remove(), sortable: false, width: 96, grow: NARROW },
];

/** The cell of each priority and contractor select, to fit its row to a message under it. */
const cellOf = new WeakMap<Element, CellComponent>();

const boxName = (key: number, field: string) => `${key} ${field}`;

/** The contractors offered: the site's, and any a stored row names that the site no longer has. */
function contractorOptions(
  contractors: readonly Contractor[],
  rows: readonly DraftRow[],
  words: LinkingWords,
): [number, string][] {
  const options = contractors.map((c): [number, string] => [c.user_id, c.name]);
  for (const { contractor_id: id } of rows) {
    if (id !== null && !options.some(([offered]) => offered === id)) {
      options.push([id, words.unknownContractor(id)]);
    }
  }
  return options;
}

/**
 * Shows under each priority and contractor select in `root` why its row cannot be saved, or
 * nothing; a row given or freed of a message is fitted to it again.
 */
function showChoiceErrors(root: HTMLElement, errors: ReadonlyMap<string, string>): void {
  for (const element of root.querySelectorAll<HTMLSelectElement>('select[data-box]')) {
    const message = errors.get(element.dataset.box ?? '') ?? null;
    if (showControlError(element, message)) cellOf.get(element)?.getRow().normalizeHeight();
  }
}

/**
 * The width a select of these options needs to show the longest whole (its arrow and padding
 * too), measured in `root` where the table's selects are drawn; 0 where nothing is laid out.
 */
function selectWidth(root: HTMLElement, options: readonly string[]): number {
  const probe = document.createElement('select');
  probe.className = 'fm-linking__control fm-linking__probe';
  probe.setAttribute('aria-hidden', 'true');
  probe.tabIndex = -1;
  for (const text of options) probe.add(new Option(text));
  root.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return Math.ceil(width);
}

/** A cell's padding and border beside its control (Tabulator's 4 px a side and a 1 px border). */
const CELL_PADDING = 10;

/** A control's name, by its link's number ('Priority, link 2'). */
type ControlName = (link: number) => string;

/** Native controls inside the table's cells, writing straight to the row being edited. */
function controlFor(
  store: LinkingStore,
  field: string,
  row: DraftRow,
  cell: CellComponent,
  remove: (cell: CellComponent) => void,
  words: LinkingWords,
): Node | null {
  const { priorities, contractors, rows, editRow, markRefused, refusedText } = store.getState();
  const number = rows.indexOf(row) + 1;
  const label = (name: ControlName) => name(number);
  /**
   * A select of a priority or contractor: a new row's starts on its empty option ('Choose a
   * priority') and keeps it; why the row cannot be saved with it shows under it (choiceErrors).
   */
  const select = (
    options: [number, string][],
    value: number | null,
    name: ChoiceField,
    what: ControlName,
    empty: string,
  ) => {
    const element = document.createElement('select');
    element.className = 'fm-linking__control';
    element.setAttribute('aria-label', label(what));
    element.dataset.box = boxName(row.key, name);
    if (row.id === null) element.add(new Option(empty, '', false, value === null));
    for (const [id, text] of options)
      element.add(new Option(text, String(id), false, id === value));
    element.addEventListener('change', () =>
      editRow(row.key, { [name]: element.value === '' ? null : Number(element.value) }),
    );
    const field = document.createElement('div');
    field.className = 'fm-linking__choice';
    field.append(element);
    cellOf.set(element, cell);
    showControlError(element, store.getState().choiceErrors.get(boxName(row.key, name)) ?? null);
    return field;
  };
  /**
   * A box of a figure: a value that cannot be kept stays as typed, with why beside it, and
   * nothing is saved until it is put right. The amount reads in en-GB money ('1,250.00') and is
   * edited as a plain number ('1250.00').
   */
  const figureBox = (
    name: 'not_to_exceed' | 'time_to_fix',
    what: ControlName,
    read: (text: string, words: LinkingWords) => TypedValue,
  ) => {
    const money = name === 'not_to_exceed';
    const element = document.createElement('input');
    if (money) {
      element.type = 'text';
      element.inputMode = 'decimal';
    } else {
      element.type = 'number';
      element.min = '0';
      element.step = '1';
    }
    element.className = 'fm-linking__control fm-linking__number';
    element.setAttribute('aria-label', label(what));
    const field = document.createElement('div');
    field.append(element);
    const refuse = (typed: string | null, error: string | null) => {
      markRefused(row.key, name, typed);
      // The message takes lines of the row: the row is fitted to it again.
      if (showControlError(element, error) && field.isConnected) cell.getRow().normalizeHeight();
    };
    const show = (editing: boolean) => {
      if (refusedText(row.key, name) !== null) return;
      const value = row[name];
      element.value = money ? (editing ? value.toFixed(2) : formatMoney(value)) : String(value);
    };
    const typed = refusedText(row.key, name);
    if (typed === null) show(false);
    else {
      element.value = typed;
      const answer = read(typed, words);
      if ('error' in answer) showControlError(element, answer.error);
    }
    element.addEventListener('focus', () => show(true));
    element.addEventListener('blur', () => show(false));
    element.addEventListener('input', () => {
      const answer = read(element.value, words);
      if ('error' in answer) {
        refuse(element.value, answer.error);
        return;
      }
      refuse(null, null);
      editRow(row.key, { [name]: answer.value });
    });
    return field;
  };
  const checkbox = (name: 'include_non_working' | 'active', what: ControlName) => {
    const element = document.createElement('input');
    element.type = 'checkbox';
    element.checked = row[name];
    element.setAttribute('aria-label', label(what));
    element.addEventListener('change', () => editRow(row.key, { [name]: element.checked }));
    return element;
  };
  /** The control of `field`, marked with its link's key (EditedLink names the link). */
  const controlOf = (field: string): HTMLElement | null => {
    switch (field) {
      case 'priority_id':
        return select(
          priorities,
          row.priority_id,
          field,
          words.priorityOfLink,
          words.choosePriority(),
        );
      case 'contractor_id':
        return select(
          contractorOptions(contractors, rows, words),
          row.contractor_id,
          field,
          words.contractorOfLink,
          words.chooseContractor(),
        );
      case 'not_to_exceed':
        return figureBox('not_to_exceed', words.notToExceedOfLink, readNotToExceed);
      case 'time_to_fix':
        return figureBox('time_to_fix', words.timeToFixOfLink, readTimeToFix);
      case 'include_non_working':
        return checkbox('include_non_working', words.includeNonWorkingOfLink);
      case 'active':
        return checkbox('active', words.activeOfLink);
      case 'key': {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'fm-linking__remove';
        button.textContent = words.remove();
        button.setAttribute('aria-label', label(words.removeOfLink));
        button.addEventListener('click', () => remove(cell));
        return button;
      }
      default:
        return null;
    }
  };
  const control = controlOf(field);
  if (control) control.dataset[LINK_KEY] = String(row.key);
  return control;
}

/** `text` once it has stood `delay` ms unchanged (a search applied when typing stops). */
function useSettledText(text: string, delay: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

/**
 * The columns, each select's as wide as its longest option, so a whole name shows on a phone too:
 * the table scrolls sideways in its frame there (its shadows say so). Null until the
 * choices are loaded.
 */
function useColumnsFittingChoices(
  root: RefObject<HTMLElement | null>,
  store: LinkingStore,
  { status, priorities, contractors }: LinkingState,
  words: LinkingWords,
): TableColumn[] | null {
  const [columns, setColumns] = useState<TableColumn[] | null>(null);
  useLayoutEffect(() => {
    const element = root.current;
    if (status !== 'ready' || !element) return;
    const needs: Record<string, number> = {
      priority_id: selectWidth(element, [
        words.choosePriority(),
        ...priorities.map(([, name]) => name),
      ]),
      contractor_id: selectWidth(element, [
        words.chooseContractor(),
        ...contractorOptions(contractors, store.getState().rows, words).map(([, name]) => name),
      ]),
    };
    setColumns(
      columnsOf(words).map((column) => {
        const need = needs[column.field];
        return need
          ? { ...column, width: Math.max(column.width ?? 0, need + CELL_PADDING) }
          : column;
      }),
    );
  }, [root, store, status, priorities, contractors, words]);
  return columns;
}

/**
 * Once the rows are drawn again, the focus goes where Add link or Remove sent it (`focusNext`):
 * after the render that follows the new rows (the table draws them once, then again in place).
 */
function useFocusAfterDraw(
  focusNext: RefObject<number | 'add' | null>,
  root: RefObject<HTMLElement | null>,
  addButton: RefObject<HTMLButtonElement | null>,
) {
  return useCallback(
    (table: Tabulator | null) => {
      let rowsReplaced = false;
      table?.on('dataProcessed', () => {
        rowsReplaced = true;
      });
      table?.on('renderComplete', () => {
        if (!rowsReplaced) return;
        rowsReplaced = false;
        const next = focusNext.current;
        if (next === null) return;
        focusNext.current = null;
        if (next === 'add') addButton.current?.focus();
        else {
          root.current
            ?.querySelector<HTMLElement>(`select[data-box="${boxName(next, 'priority_id')}"]`)
            ?.focus();
        }
      });
    },
    [focusNext, root, addButton],
  );
}

/** Why a row cannot be saved follows each edit under its select (the table is not redrawn). */
function useChoiceErrorsShown(store: LinkingStore, root: RefObject<HTMLElement | null>) {
  useEffect(
    () =>
      store.subscribe((next, previous) => {
        if (next.choiceErrors !== previous.choiceErrors && root.current) {
          showChoiceErrors(root.current, next.choiceErrors);
        }
      }),
    [store, root],
  );
}

/** The rows the search matches, by their priority's and contractor's names too. */
function useMatchingRows(
  { rows, priorities, contractors }: LinkingState,
  search: string,
): readonly DraftRow[] {
  return useMemo(() => {
    const priorityNames = new Map(priorities);
    const contractorNames = new Map(contractors.map((c) => [c.user_id, c.name]));
    return matchingRows(rows, search, {
      priority: (id) => priorityNames.get(id) ?? '',
      contractor: (id) => contractorNames.get(id) ?? '',
    });
  }, [rows, search, priorities, contractors]);
}

interface SearchAndAddProps {
  search: string;
  onSearch(text: string): void;
  addButton: RefObject<HTMLButtonElement | null>;
  canAdd: boolean;
  onAdd(): void;
  words: LinkingWords;
}

/** The save bar's own controls: the search box and Add link. */
function SearchAndAdd({ search, onSearch, addButton, canAdd, onAdd, words }: SearchAndAddProps) {
  const searchId = useId();
  return (
    <>
      <label htmlFor={searchId}>{words.search()}</label>
      <input
        id={searchId}
        type="search"
        className="fm-input fm-linking__search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      <button
        ref={addButton}
        type="button"
        className="btn btn-default btn-outline-secondary fm-linking__add"
        disabled={!canAdd}
        onClick={onAdd}
      >
        {words.addLink()}
      </button>
    </>
  );
}

/**
 * Priorities and contractors linked to a site or an asset (docs/requirements.md §2, §3): add, edit
 * and remove rows, search them (1000 ms after typing stops), save every row to the host, which
 * reloads the page. Unsaved changes are flagged, and leaving the page with them asks first.
 */
export function LinkingTable(props: LinkingTableProps) {
  const { sourceUrl, saveUrl } = props;
  const { signal } = useHost();
  const api = useApi();
  // Before the store: a first render that suspends while the page's words load makes no store,
  // and so takes no note of the save before the reload (it is taken once).
  const words = useWords(messages).linkingTable;
  const latestWords = useRef(words);
  latestWords.current = words;
  const [store] = useState(() => {
    const created = createLinkingStore(api, props, () => latestWords.current);
    // What the save before the reload changed, said once the rows are back.
    created.setState({ saved: takeSavedNote(sourceUrl) });
    return created;
  });
  const state = useStore(store);
  const isDirty = useCallback(() => store.getState().dirty, [store]);
  const [search, setSearch] = useState('');
  const appliedSearch = useSettledText(search, LINKING_SEARCH_DELAY);
  const root = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /**
   * Where the focus goes once the rows are drawn again after Add link or Remove: a row's first
   * control (by the row's key), or Add link when no row is left.
   */
  const focusNext = useRef<number | 'add' | null>(null);

  useEffect(() => {
    void store.getState().load(sourceUrl, signal);
  }, [store, sourceUrl, signal]);

  const columns = useColumnsFittingChoices(root, store, state, words);

  useChoiceErrorsShown(store, root);

  // Leaving with unsaved changes asks first; the listener goes with the element.
  useUnsavedChangesGuard(isDirty, signal);

  const visible = useMatchingRows(state, appliedSearch);

  function addLink() {
    focusNext.current = store.getState().addRow().key;
  }

  /** Removes the row of `cell`; the focus goes to the row that takes its place, or the one before. */
  function removeLink(cell: CellComponent) {
    const row = cell.getRow();
    const neighbour = row.getNextRow() || row.getPrevRow();
    focusNext.current = neighbour ? (neighbour.getData() as DraftRow).key : 'add';
    store.getState().removeRow((row.getData() as DraftRow).key);
  }

  const focusAfterDraw = useFocusAfterDraw(focusNext, root, addButton);
  const focusedLink = useFocusedLink(root);

  async function save() {
    if (!(await store.getState().save(saveUrl, signal))) return;
    keepSavedNote(sourceUrl, store.getState().saved);
    location.reload();
  }

  if (state.status === 'error') {
    return (
      <div className="fm-linking">
        <TableLoadError
          message={state.error ?? ''}
          onRetry={() => void store.getState().load(sourceUrl, signal)}
        />
      </div>
    );
  }

  return (
    <div ref={root} className="fm-linking" aria-busy={state.status === 'loading' || state.saving}>
      <SaveBar {...saveBarState(state)} onSave={() => void save()}>
        <SearchAndAdd
          search={search}
          onSearch={setSearch}
          addButton={addButton}
          canAdd={state.status === 'ready'}
          onAdd={addLink}
          words={words}
        />
      </SaveBar>
      {state.status === 'ready' && columns && (
        <EditedLink
          rows={state.rows}
          focused={focusedLink}
          priorities={state.priorities}
          contractors={contractorOptions(state.contractors, state.rows, words)}
          words={words}
        />
      )}
      {state.status === 'ready' && columns && (
        <Table
          label={words.table()}
          columns={columns}
          rows={visible as unknown as Row[]}
          pageSize={null}
          // The table's rows are the search's: it says which of its empty states it is in.
          emptyText={
            appliedSearch.trim() === '' ? words.noLinks() : words.noMatch(appliedSearch.trim())
          }
          renderCell={(field, row, cell) =>
            controlFor(store, field, row as unknown as DraftRow, cell, removeLink, words)
          }
          onTable={focusAfterDraw}
        />
      )}
    </div>
  );
}
