import { useEffect, useState } from 'react';
import { MIN_NOTE_LENGTH, noteCharactersShort, noteError } from '../../src/core/job-lifecycle';
import { noteCounter } from '../../src/core/job-messages';
import coreMessages from '../../src/core/messages';
import { useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { TextareaField } from '../../src/ui/Field';
import messages from './messages';

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
  const jobWords = useWords(coreMessages);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    change(next) {
      setValue(next);
      if (error) setError(noteError(next, jobWords));
    },
    check() {
      const problem = noteError(value, jobWords);
      setError(problem);
      return problem === null;
    },
    clear: () => setValue(''),
  };
}

/**
 * How long the typing rests before the counter is read out: each keystroke would otherwise
 * interrupt the engineer's screen reader with a new count.
 */
export const COUNTER_PAUSE_MS = 1000;

/** `text` once it has stayed the same for `pauseMs` (and was not the first one): what to say. */
function useSettled(text: string, pauseMs: number): string | null {
  const [first] = useState(text);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (text === first && settled === null) return;
    const timer = setTimeout(() => setSettled(text), pauseMs);
    return () => clearTimeout(timer);
  }, [text, first, settled, pauseMs]);
  return settled;
}

export function NotesField({ note }: { note: Note }) {
  const words = useWords(messages).engineerJob;
  const jobWords = useWords(coreMessages);
  const counter = noteCounter(MIN_NOTE_LENGTH, noteCharactersShort(note.value), jobWords);
  const announced = useSettled(counter, COUNTER_PAUSE_MS);
  return (
    <>
      <TextareaField
        label={words.notes()}
        name="notes"
        className="fm-engineer__notes"
        hint={counter}
        value={note.value}
        error={note.error}
        onChange={note.change}
      />
      {/* Read out politely, once the typing rests; the field's own hint is the counter on show. */}
      <Alert
        kind="info"
        box="fm-visually-hidden"
        standing
        messages={announced === null ? [] : [announced]}
      />
    </>
  );
}
