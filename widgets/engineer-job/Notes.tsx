import { useState } from 'react';
import { noteError } from '../../src/core/job-lifecycle';
import { TextareaField } from '../../src/ui/Field';

export interface Note {
  value: string;
  /** Shown once an action was refused for the note; follows each edit from then on. */
  error: string | null;
  change(value: string): void;
  /** Whether the note may go with an action; says why not when it may not. */
  check(): boolean;
  clear(): void;
}

/** The engineer's note, which every action needs when the notes field is on show. */
export function useNote(): Note {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    change(next) {
      setValue(next);
      if (error) setError(noteError(next));
    },
    check() {
      const problem = noteError(value);
      setError(problem);
      return problem === null;
    },
    clear: () => setValue(''),
  };
}

export function NotesField({ note }: { note: Note }) {
  return (
    <TextareaField
      label="Notes"
      name="notes"
      className="fm-engineer__notes"
      value={note.value}
      error={note.error}
      onChange={note.change}
    />
  );
}
