import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { AUTOCOMPLETE_MIN_LENGTH, completeTerm, currentTerm } from '../core/autocomplete';
import { type AutocompleteItem, autocompletePath, autocompleteResponse } from '../core/contract';
import { errorText } from '../core/error-text';
import type { Api } from '../runtime/api';
import { useHost } from '../runtime/define';
import { remoteLoad } from '../runtime/remote-load';
import { useApi } from '../runtime/use-api';
import { useWords } from '../runtime/words';
import { Field } from './Field';
import messages from './messages';

export interface AutocompleteFilter {
  field: string;
  values: string[];
}

export interface AutocompleteProps {
  id?: string;
  label: string;
  /**
   * GET URL answering AutocompleteItem[] (docs/requirements.md §7 call 17; call 12 for the
   * authoriser search).
   */
  source: string;
  /** Extra query, e.g. `{ type: 3, cost_value: 120, capex_approver: 1 }`. */
  params?: Record<string, string | number | boolean>;
  /** Sent as `filters[field]=v1,v2`. */
  filters?: AutocompleteFilter[];
  /** docs/requirements.md §5, §9: 2. */
  minLength?: number;
  /** Search on the last comma-separated term, and append choices. */
  multiple?: boolean;
  value: string;
  onChange(text: string): void;
  /** The chosen item, or null once the text no longer matches a choice. */
  onSelect(item: AutocompleteItem | null): void;
  required?: boolean;
  error?: string;
  /** What narrows the search (a rule of the host's), shown under the input and with no results. */
  hint?: string;
  name?: string;
  /** The request field it fills, as the host names it in a refusal (see Field's `field`). */
  field?: string;
  placeholder?: string;
}

/** Pause after the last keystroke before searching (jQuery UI's default, as the host had). */
export const SEARCH_DELAY_MS = 300;

/** Booleans as PHP reads them in a query: 1 and 0. */
function phpQuery(params: AutocompleteProps['params']): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([key, value]) => [
      key,
      typeof value === 'boolean' ? Number(value) : value,
    ]),
  );
}

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; items: AutocompleteItem[] }
  | { state: 'failed'; message: string };

/** Where the suggestions come from; read when a search fires. */
interface SuggestionSource {
  api: Api;
  source: string;
  params: AutocompleteProps['params'];
  filters: AutocompleteProps['filters'];
}

/**
 * The suggestions for `typed` (remoteLoad, the one way to load): searched `SEARCH_DELAY_MS` after
 * the last keystroke once the term has `minLength` characters, a search the next keystroke makes
 * stale cancelled. `onSettled` hears whether one came back with items to show (true) or failed.
 */
function useSuggestions(
  typed: string | null,
  minLength: number,
  from: SuggestionSource,
  onSettled: (found: boolean) => void,
) {
  const { signal } = useHost();
  const [load] = useState(remoteLoad);
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  // The search reads the latest props when it fires, so new objects each render do not restart it.
  const latest = useRef({ from, onSettled });
  latest.current = { from, onSettled };

  useEffect(() => {
    if (typed === null || typed.length < minLength) {
      setSearch({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal.addEventListener('abort', stop);
    const timer = setTimeout(async () => {
      const { api, source, params, filters } = latest.current.from;
      const byField = Object.fromEntries((filters ?? []).map((f) => [f.field, f.values]));
      setSearch({ state: 'searching' });
      const done = await load(
        () =>
          api.getJson(autocompletePath(source, typed, byField), autocompleteResponse, {
            signal: controller.signal,
            searchParams: phpQuery(params),
          }),
        controller.signal,
      );
      if (!done) return;
      setSearch(
        done.ok
          ? { state: 'done', items: done.value }
          : { state: 'failed', message: errorText(done.error) },
      );
      latest.current.onSettled(done.ok);
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      signal.removeEventListener('abort', stop);
    };
  }, [typed, minLength, signal, load]);

  return [search, setSearch] as const;
}

interface SearchStatusProps {
  id: string;
  search: Search;
  typed: string | null;
  minLength: number;
}

/**
 * The one line that says what the search came to: read out when it changes, and on show while
 * the term stands when it found nothing or failed (a count of results is for screen readers only).
 */
function SearchStatus({ id, search, typed, minLength }: SearchStatusProps) {
  const standing = typed !== null && typed.length >= minLength;
  const items = search.state === 'done' ? search.items : [];
  const noneOrFailed =
    standing && (search.state === 'failed' || (search.state === 'done' && items.length === 0));
  const words = useWords(messages).search;
  const said =
    search.state === 'searching'
      ? words.searching()
      : !standing
        ? ''
        : search.state === 'failed'
          ? words.failed(search.message)
          : search.state === 'done'
            ? items.length === 0
              ? words.nothingMatches(typed ?? '')
              : words.results(items.length)
            : '';
  return (
    <p
      className={noneOrFailed ? 'fm-autocomplete__empty' : 'fm-visually-hidden'}
      id={id}
      role="status"
    >
      {said}
    </p>
  );
}

/** Field's part of the props: the label, hint, error, control id and request field. */
const frameOf = ({ label, hint, error, id, field }: AutocompleteProps) => ({
  label,
  hint,
  error,
  id,
  field,
});

/** Where ArrowDown or ArrowUp (`step`) moves the active option, wrapping around at either end. */
function steppedOption(current: number, step: 1 | -1, count: number, expanded: boolean): number {
  // From no active option, Down goes to the first, Up the last.
  if (current < 0 || !expanded) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** What the combobox's keys work on. */
interface ComboboxKeys {
  items: AutocompleteItem[];
  expanded: boolean;
  active: number;
  value: string;
  setOpen(open: boolean): void;
  setActive(step: (current: number) => number): void;
  choose(item: AutocompleteItem): void;
  clear(): void;
}

/**
 * ArrowDown/ArrowUp move through the list, Enter chooses, Escape closes it and goes no further;
 * with the list closed, Escape clears the text and is left to the page.
 */
function onComboboxKey(event: KeyboardEvent<HTMLInputElement>, keys: ComboboxKeys) {
  const { items, expanded, active } = keys;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (items.length === 0) return;
      event.preventDefault();
      if (!expanded) keys.setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      keys.setActive((current) => steppedOption(current, step, items.length, expanded));
      return;
    }
    case 'Enter': {
      const item = expanded ? items[active] : undefined;
      if (!item) return;
      event.preventDefault();
      keys.choose(item);
      return;
    }
    case 'Escape':
      if (expanded) {
        // Only the list closes: a dialog around the input must not hear this Escape too.
        event.preventDefault();
        event.stopPropagation();
        keys.setOpen(false);
      } else if (keys.value !== '') {
        event.preventDefault();
        keys.clear();
      }
      return;
  }
}

interface SuggestionListProps {
  id: string;
  label: string;
  /** The items, the active one's index, and whether the list is on show. */
  list: { items: AutocompleteItem[]; active: number; expanded: boolean };
  onChoose(item: AutocompleteItem): void;
}

/** The combobox's listbox: each option chosen by a click, the focus left in the input. */
function SuggestionList({ id, label, list, onChoose }: SuggestionListProps) {
  const { items, active, expanded } = list;
  return (
    <div
      className="fm-autocomplete__list"
      id={id}
      role="listbox"
      aria-label={label}
      hidden={!expanded}
    >
      {items.map((item, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant).
        <div
          key={`${item.id}:${item.label}`}
          id={`${id}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          className={`fm-autocomplete__option${index === active ? ' is-active' : ''}`}
          // Keeps focus in the input, so the blur does not close the list before the click.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(item)}
        >
          {item.label}
        </div>
      ))}
    </div>
  );
}

/**
 * A text input with suggestions from the host, in Field's label, hint and error: the WAI-ARIA
 * combobox pattern (list popup). Searches once the term has `minLength` characters, cancels a
 * search the next keystroke makes stale, and announces how many results came back.
 * ArrowDown/ArrowUp move through the list, Enter chooses, Escape closes it and goes no further (a
 * dialog around it stays open); with the list closed, Escape clears the text and is left to the
 * page (a dialog closes).
 */
export function Autocomplete(props: AutocompleteProps) {
  const { label, value, onChange, onSelect, multiple = false } = props;
  const minLength = props.minLength ?? AUTOCOMPLETE_MIN_LENGTH;
  const api = useApi();
  const ownId = useId();
  const listId = `${ownId}list`;
  const statusId = `${ownId}status`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The term typed last; a search starts only from typing, not when the host sets `value`. */
  const [typed, setTyped] = useState<string | null>(null);
  const [search, setSearch] = useSuggestions(
    typed,
    minLength,
    { api, source: props.source, params: props.params, filters: props.filters },
    (found) => {
      if (found) setActive(-1);
      setOpen(found);
    },
  );

  const items = search.state === 'done' ? search.items : [];
  const expanded = open && items.length > 0;

  function type(text: string) {
    onChange(text);
    onSelect(null);
    setTyped(currentTerm(text, multiple));
    // What the last search found no longer stands for the new term.
    setSearch({ state: 'idle' });
    setOpen(false);
  }

  function choose(item: AutocompleteItem) {
    onChange(completeTerm(value, item.value ?? item.label, multiple));
    onSelect(item);
    setTyped(null);
    setOpen(false);
  }

  const keys = {
    items,
    expanded,
    active,
    value,
    setOpen,
    setActive,
    choose,
    clear: () => type(''),
  };

  return (
    <Field {...frameOf(props)} className="fm-autocomplete">
      {(control) => (
        <>
          <input
            {...control}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-describedby={[control['aria-describedby'], statusId].filter(Boolean).join(' ')}
            aria-busy={search.state === 'searching'}
            name={props.name}
            placeholder={props.placeholder}
            required={props.required}
            value={value}
            onChange={(event) => type(event.target.value)}
            onKeyDown={(event) => onComboboxKey(event, keys)}
            onBlur={() => setOpen(false)}
          />
          <SuggestionList
            id={listId}
            label={label}
            list={{ items, active, expanded }}
            onChoose={choose}
          />
          <SearchStatus id={statusId} search={search} typed={typed} minLength={minLength} />
        </>
      )}
    </Field>
  );
}
