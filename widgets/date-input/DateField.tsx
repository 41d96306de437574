import { useState } from 'react';
import type { DateMode } from '../../src/core/date-input';
import { useHost } from '../../src/runtime/define';
import { useWords } from '../../src/runtime/words';
import { DateInput } from '../../src/ui/DateInput';
import messages from './messages';

export interface DateFieldProps {
  mode?: string;
  label?: string;
  name?: string;
  value?: string;
  required: boolean;
  readOnly: boolean;
}

/** `detail` of `fm-date-change`. */
export interface DateChangeDetail {
  value: string;
}

const MODES: readonly string[] = ['date', 'datetime'];

/**
 * fm-date-input: a named date (YYYY-MM-DD) or date-time (DD/MM/YYYY HH:mm) field for a host
 * form, with a calendar starting on Monday (docs/requirements.md §5, §9).
 */
export function DateField({
  mode = 'date',
  label,
  name,
  value,
  required,
  readOnly,
}: DateFieldProps) {
  const { emit } = useHost();
  const words = useWords(messages).dateInput;
  const [text, setText] = useState(value ?? '');
  if (!MODES.includes(mode)) {
    throw new Error(`data-mode must be date or datetime (got "${mode}")`);
  }
  const dateMode = mode as DateMode;
  return (
    <DateInput
      label={label ?? (dateMode === 'date' ? words.date() : words.dateAndTime())}
      mode={dateMode}
      name={name}
      value={text}
      required={required}
      readOnly={readOnly}
      onChange={(next) => {
        setText(next);
        emit('fm-date-change', { value: next });
      }}
    />
  );
}
