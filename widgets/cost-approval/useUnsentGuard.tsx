import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import messages from './messages';

/** Asked on Esc: true holds it (the dialog stays open). */
export type EscapeGuard = () => boolean;

/** The dialog's guards: each panel holding unsent text registers one while it is shown. */
export const EscapeGuards = createContext<Set<EscapeGuard> | null>(null);

/**
 * Keeps the first Esc from losing what a panel holds unsent: while `unsent`, that Esc leaves the
 * dialog open and the returned flag is set (show UnsentWarning beside the text); the next Esc
 * closes. Emptied, the text is no longer at risk and a later Esc warns afresh.
 */
export function useUnsentGuard(unsent: boolean): boolean {
  const guards = useContext(EscapeGuards);
  const [warned, setWarned] = useState(false);
  const now = useRef({ unsent, warned });
  now.current = { unsent, warned };
  useEffect(() => {
    if (!guards) return;
    const guard: EscapeGuard = () => {
      if (!now.current.unsent || now.current.warned) return false;
      setWarned(true);
      return true;
    };
    guards.add(guard);
    return () => {
      guards.delete(guard);
    };
  }, [guards]);
  useEffect(() => {
    if (!unsent) setWarned(false);
  }, [unsent]);
  return warned && unsent;
}

/**
 * The warning's place beside the text: always there, so that what it says is announced, beside
 * a message the first Esc did not throw away.
 */
export function UnsentWarning({ shown }: { shown: boolean }) {
  const words = useWords(messages).costApproval;
  return (
    <Alert
      kind="danger"
      box="fm-job-actions__unsent"
      messages={shown ? words.unsentOnEscape() : []}
      standing
    />
  );
}
