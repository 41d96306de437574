import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { AUTOCOMPLETE_MIN_LENGTH, completeTerm, currentTerm } from '../core/autocomplete';
import { type AutocompleteItem, autocompletePath, autocompleteResponse } from '../core/contract';
import { errorText } from '../core/error-text';
import { apiFor, isAbort } from '../runtime/api';
import { useConfig, useHost } from '../runtime/define';

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

/**
 * A text input with suggestions from the host: the WAI-ARIA combobox pattern (list popup).
 * Searches once the term has `minLength` characters, cancels a search the next keystroke makes
 * stale, and announces how many results came back. ArrowDown/ArrowUp move through the list,
 * Enter chooses, Escape closes it and goes no further (a dialog around it stays open); with the
 * list closed, Escape clears the text and is left to the page (a dialog closes).
 */
export function Autocomplete({
  id,
  label,
  source,
  params,
  filters,
  minLength = AUTOCOMPLETE_MIN_LENGTH,
  multiple = false,
  value,
  onChange,
  onSelect,
  required,
  error,
  hint,
  name,
  field,
  placeholder,
}: AutocompleteProps) {
  const { signal } = useHost();
  const api = apiFor(useConfig());
  const ownId = useId();
  const inputId = id ?? `${ownId}input`;
  const listId = `${ownId}list`;
  const statusId = `${ownId}status`;
  const errorId = `${ownId}error`;
  const hintId = `${ownId}hint`;
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The term typed last; a search starts only from typing, not when the host sets `value`. */
  const [typed, setTyped] = useState<string | null>(null);

  // The search reads the latest props when it fires, so new objects each render do not restart it.
  const latest = useRef({ api, source, params, filters });
  latest.current = { api, source, params, filters };

  useEffect(() => {
    if (typed === null || typed.length < minLength) {
      setSearch({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal.addEventListener('abort', stop);
    const timer = setTimeout(async () => {
      const { api, source, params, filters } = latest.current;
      const byField = Object.fromEntries((filters ?? []).map((f) => [f.field, f.values]));
      setSearch({ state: 'searching' });
      try {
        const items = await api.getJson(
          autocompletePath(source, typed, byField),
          autocompleteResponse,
          {
            signal: controller.signal,
            searchParams: phpQuery(params),
          },
        );
        setSearch({ state: 'done', items });
        setActive(-1);
        setOpen(true);
      } catch (failure) {
        if (isAbort(failure)) return;
        setSearch({ state: 'failed', message: errorText(failure) });
        setOpen(false);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      signal.removeEventListener('abort', stop);
    };
  }, [typed, minLength, signal]);

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

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (items.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!expanded) setOpen(true);
        // Wraps around at either end; from no active option, Down goes to the first, Up the last.
        setActive((current) =>
          current < 0 || !expanded
            ? step === 1
              ? 0
              : items.length - 1
            : (current + step + items.length) % items.length,
        );
        return;
      }
      case 'Enter': {
        const item = expanded ? items[active] : undefined;
        if (!item) return;
        event.preventDefault();
        choose(item);
        return;
      }
      case 'Escape':
        if (expanded) {
          // Only the list closes: a dialog around the input must not hear this Escape too.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (value !== '') {
          event.preventDefault();
          type('');
        }
        return;
    }
  }

  // One line says what the search came to: read out when it changes, and on show while the term
  // stands when it found nothing or failed (a count of results is for screen readers only).
  const standing = typed !== null && typed.length >= minLength;
  const noneOrFailed =
    standing && (search.state === 'failed' || (search.state === 'done' && items.length === 0));
  const said =
    search.state === 'searching'
      ? 'Searching…'
      : !standing
        ? ''
        : search.state === 'failed'
          ? `The search failed: ${search.message}`
          : search.state === 'done'
            ? items.length === 0
              ? `Nothing matches “${typed}”.`
              : `${items.length} result${items.length === 1 ? '' : 's'} available, use the up and down arrows to choose`
            : '';
  const describedBy = [hint ? hintId : null, error ? errorId : null, statusId]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="fm-autocomplete">
      <label className="fm-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={`fm-input form-control${error ? ' is-invalid' : ''}`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-busy={search.state === 'searching'}
        name={name}
        data-field={field}
        placeholder={placeholder}
        required={required}
        value={value}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        className="fm-autocomplete__list"
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant).
          <div
            key={`${item.id}:${item.label}`}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`fm-autocomplete__option${index === active ? ' is-active' : ''}`}
            // Keeps focus in the input, so the blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
          >
            {item.label}
          </div>
        ))}
      </div>
      <p
        className={noneOrFailed ? 'fm-autocomplete__empty' : 'fm-visually-hidden'}
        id={statusId}
        role="status"
      >
        {said}
      </p>
      {hint && (
        <p className="fm-field-hint form-text" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="fm-field-error invalid-feedback" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
