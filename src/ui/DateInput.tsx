import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import { useEffect, useRef, useState } from 'react';
import {
  type DateMode,
  type DateWords,
  FIRST_DAY_OF_WEEK,
  FORMAT_HINTS,
  invalidDateMessage,
  PICKER_FORMATS,
  parseTyped,
} from '../core/date-input';
import messages from '../core/date-input.messages';
import { Icon, type IconShape } from '../runtime/Icon';
import { useWords } from '../runtime/words';
import { Field } from './Field';

const calendarIcon: IconShape = { name: 'calendar', d: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5' };

/** Where the calendar opened from its button puts the focus, the first found. */
const FOCUS_ORDER = [
  '.flatpickr-day.selected',
  '.flatpickr-day.today:not(.prevMonthDay):not(.nextMonthDay)',
  '.flatpickr-day:not(.prevMonthDay)',
] as const;

/**
 * flatpickr's words for its controls, the element's; the days' and months' names stay en-GB's, as
 * the dates do (docs/words.md).
 */
function pickerLocale(words: DateWords) {
  return {
    firstDayOfWeek: FIRST_DAY_OF_WEEK,
    yearAriaLabel: words.year(),
    monthAriaLabel: words.month(),
    hourAriaLabel: words.hour(),
    minuteAriaLabel: words.minute(),
    scrollTitle: words.scrollToChange(),
    toggleTitle: words.clickToToggle(),
  };
}

export interface DateInputProps {
  id?: string;
  label: string;
  mode: DateMode;
  value: string;
  onChange(value: string): void;
  name?: string;
  readOnly?: boolean;
  required?: boolean;
  error?: string;
}

/**
 * A date (YYYY-MM-DD) or date-time (DD/MM/YYYY HH:mm) field with a flatpickr calendar whose
 * weeks start on Monday (docs/requirements.md §5, §9). Typing is allowed and checked when the field
 * is left; the calendar lives inside the element, and is destroyed with it.
 */
export function DateInput({
  id,
  label,
  mode,
  value,
  onChange,
  name,
  readOnly = false,
  required,
  error,
}: DateInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const anchor = useRef<HTMLInputElement>(null);
  const picker = useRef<Instance | null>(null);
  const [typedError, setTypedError] = useState<string | null>(null);
  const words = useWords(messages).date;
  // flatpickr's hooks are bound once: they call the latest onChange through this.
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  // flatpickr drives a hidden input of its own: the field is React's, typed text is checked by
  // us (flatpickr would silently clear what it cannot parse), and a pick is passed to onChange.
  useEffect(() => {
    const field = input.current;
    if (!field || !popup.current || !anchor.current) return;
    const instance = flatpickr(anchor.current, {
      dateFormat: PICKER_FORMATS[mode],
      enableTime: mode === 'datetime',
      time_24hr: true,
      // A day as a screen reader reads it, in en-GB's order (26 October 2026), as every date is.
      ariaDateFormat: 'j F Y',
      disableMobile: true,
      clickOpens: false,
      locale: pickerLocale(words),
      appendTo: popup.current,
      ignoredFocusElements: [field],
      // The stylesheet places the calendar under the field, inside the element.
      position: () => {},
      onChange: (_dates, text) => {
        setTypedError(null);
        latestOnChange.current(text);
      },
      // Keyboard users come back to the field they left.
      onClose: () => {
        if (popup.current?.contains(document.activeElement)) field.focus();
      },
    });
    picker.current = instance;
    return () => {
      instance.destroy();
      picker.current = null;
    };
  }, [mode, words]);

  // The calendar follows the field's value, without a change event.
  useEffect(() => {
    const instance = picker.current;
    if (!instance) return;
    const date = parseTyped(value, mode);
    if (date) instance.setDate(date, false);
    else instance.clear(false);
  }, [value, mode]);

  useEffect(() => {
    if (readOnly) picker.current?.close();
  }, [readOnly]);

  function openCalendar() {
    if (!readOnly) picker.current?.open();
  }

  /** From the button, focus goes into the calendar, where arrows, Enter and Escape work. */
  function openCalendarByButton() {
    const instance = picker.current;
    if (readOnly || !instance) return;
    instance.open();
    // The chosen day, else today, else the month's first: in that order of preference (one
    // selector list would give whichever comes first in the month, the 1st).
    const calendar = instance.calendarContainer;
    const day = FOCUS_ORDER.map((selector) => calendar.querySelector<HTMLElement>(selector)).find(
      (found) => found !== null,
    );
    day?.focus();
  }

  function checkTyped(text: string) {
    setTypedError(
      text.trim() === '' || parseTyped(text, mode) ? null : invalidDateMessage(mode, text, words),
    );
  }

  const shownError = typedError ?? error;
  const calendarName = mode === 'date' ? words.chooseDate(label) : words.chooseDateTime(label);

  return (
    <Field
      label={label}
      id={id}
      hint={words.format(FORMAT_HINTS[mode])}
      error={shownError}
      className={`fm-date-input fm-date-input--${mode}`}
    >
      {(control) => (
        <>
          <div className="fm-input-group input-group">
            <input
              {...control}
              ref={input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={FORMAT_HINTS[mode]}
              name={name}
              value={value}
              readOnly={readOnly}
              required={required}
              onChange={(event) => {
                setTypedError(null);
                picker.current?.close();
                onChange(event.target.value);
              }}
              onClick={openCalendar}
              onBlur={(event) => checkTyped(event.target.value)}
            />
            <button
              type="button"
              className="btn btn-default btn-outline-secondary fm-input-group__button fm-date-input__open"
              disabled={readOnly}
              onClick={openCalendarByButton}
            >
              <Icon icon={calendarIcon} label={calendarName} />
            </button>
          </div>
          <div className="fm-date-input__popup" ref={popup}>
            <input ref={anchor} type="hidden" tabIndex={-1} aria-hidden="true" />
          </div>
        </>
      )}
    </Field>
  );
}
