import { useEffect, useRef, useState } from 'react';
import type { AutocompleteItem } from '../../src/core/contract';
import { useHost } from '../../src/runtime/define';
import { useWords } from '../../src/runtime/words';
import { Autocomplete, type AutocompleteFilter } from '../../src/ui/Autocomplete';
import messages from './messages';

export interface AutocompleteFieldProps {
  source: string;
  /** The field's label; without it, the catalog's (`autocomplete.label`). */
  label?: string;
  /** `{ "field": ["v1", "v2"] }` or `[{ "field": "…", "values": ["…"] }]`. */
  filters?: unknown;
  /** The host's field that receives the chosen id: an element id, or a CSS selector. */
  idTarget?: string;
  /** The id must be chosen from the list before the form can be sent. */
  required: boolean;
  multiple: boolean;
  minLength?: number;
  name?: string;
  value?: string;
  placeholder?: string;
}

/** `detail` of `fm-autocomplete-select`: the chosen item, or null when the text was changed. */
export type AutocompleteSelectDetail = AutocompleteItem | null;

/** The filters attribute in either of its two JSON shapes. */
export function readFilters(filters: unknown): AutocompleteFilter[] {
  if (filters == null) return [];
  if (Array.isArray(filters)) {
    return filters.map((filter) => ({
      field: String((filter as AutocompleteFilter).field),
      values: ((filter as AutocompleteFilter).values ?? []).map(String),
    }));
  }
  if (typeof filters === 'object') {
    return Object.entries(filters as Record<string, unknown>).map(([field, values]) => ({
      field,
      values: (Array.isArray(values) ? values : [values]).map(String),
    }));
  }
  throw new Error('data-filters must be a JSON object of field → values, or a list');
}

function findTarget(element: HTMLElement, idTarget: string | undefined): HTMLInputElement | null {
  if (!idTarget) return null;
  const doc = element.ownerDocument;
  const found = /^[#.[]/.test(idTarget)
    ? doc.querySelector(idTarget)
    : doc.getElementById(idTarget);
  return found instanceof HTMLInputElement || found instanceof HTMLSelectElement
    ? (found as HTMLInputElement)
    : null;
}

/**
 * fm-autocomplete: a text input with suggestions from `source` (docs/requirements.md §5, §7
 * call 17). The chosen item's id goes into the host's `idTarget` field (comma-separated when
 * `multiple`); when the id is required, the form is not sent until one is chosen, and the field
 * says why.
 */
export function AutocompleteField({
  source,
  label: ownLabel,
  filters,
  idTarget,
  required,
  multiple,
  minLength,
  name,
  value: initial,
  placeholder,
}: AutocompleteFieldProps) {
  const { element, signal, emit } = useHost();
  const words = useWords(messages).autocomplete;
  const label = ownLabel ?? words.label();
  const [text, setText] = useState(initial ?? '');
  const [chosen, setChosen] = useState<AutocompleteItem[]>([]);
  /** A required id was not chosen when the form was sent: the field says so until one is. */
  const [unchosen, setUnchosen] = useState(false);
  const parsedFilters = readFilters(filters);
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  // The id field is the host's: write it whenever the choice changes.
  useEffect(() => {
    const target = findTarget(element, idTarget);
    if (target) target.value = chosen.map((item) => item.id).join(',');
  }, [element, idTarget, chosen]);

  // A required id blocks the host's form, before any other submit handler sees it.
  useEffect(() => {
    const form = element.closest('form');
    if (!form || !required) return;
    const blockWithoutChoice = (event: SubmitEvent) => {
      if (chosenRef.current.length > 0) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setUnchosen(true);
      element.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
    };
    form.addEventListener('submit', blockWithoutChoice, { capture: true, signal });
    return () => form.removeEventListener('submit', blockWithoutChoice, { capture: true });
  }, [element, required, signal]);

  function changeText(next: string) {
    setText(next);
    if (!multiple) return;
    // Keep the choices whose text is still there.
    const terms = next.split(',').map((term) => term.trim());
    setChosen((items) => items.filter((item) => terms.includes(item.value ?? item.label)));
  }

  function select(item: AutocompleteItem | null) {
    if (item === null) {
      // Editing the text undoes a single choice; multiple choices are pruned in changeText.
      if (!multiple && chosenRef.current.length > 0) {
        setChosen([]);
        emit('fm-autocomplete-select', null);
      }
      return;
    }
    setUnchosen(false);
    setChosen((items) =>
      multiple ? [...items.filter((known) => known.id !== item.id), item] : [item],
    );
    emit('fm-autocomplete-select', item);
  }

  return (
    <Autocomplete
      label={label}
      source={source}
      filters={parsedFilters}
      minLength={minLength}
      multiple={multiple}
      value={text}
      onChange={changeText}
      onSelect={select}
      required={required}
      error={unchosen ? words.requiredChoice(label) : undefined}
      name={name}
      placeholder={placeholder}
    />
  );
}
