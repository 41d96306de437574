import { type RefObject, useEffect, useState } from 'react';
import type { DraftRow, LinkingWords } from './rows';

/**
 * Which link a control belongs to (a row's key), set on every control of the table: the line
 * above it names the link whose control has the focus.
 */
export const LINK_KEY = 'link';

/** The key of the link whose control in `root` has the focus, or null. */
export function useFocusedLink(root: RefObject<HTMLElement | null>): number | null {
  const [key, setKey] = useState<number | null>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const follow = (event: FocusEvent) => {
      const control = (
        event.type === 'focusin' ? event.target : event.relatedTarget
      ) as Element | null;
      const link = control?.closest?.<HTMLElement>(`[data-${LINK_KEY}]`)?.dataset[LINK_KEY];
      setKey(link === undefined || !element.contains(control) ? null : Number(link));
    };
    element.addEventListener('focusin', follow);
    element.addEventListener('focusout', follow);
    return () => {
      element.removeEventListener('focusin', follow);
      element.removeEventListener('focusout', follow);
    };
  }, [root]);
  return key;
}

interface EditedLinkProps {
  rows: readonly DraftRow[];
  focused: number | null;
  priorities: readonly [number, string][];
  contractors: readonly [number, string][];
  words: LinkingWords;
}

/**
 * On a narrow screen the table scrolls sideways, and its priority and contractor leave the view
 * while a figure of the same link is edited: this line, above the table, says whose it is
 * ("Link 2: P2 Urgent (24 hours), Acme Facilities"). Hidden where the table fits (CSS).
 */
export function EditedLink({ rows, focused, priorities, contractors, words }: EditedLinkProps) {
  const index = rows.findIndex((row) => row.key === focused);
  const row = rows[index];
  const name = (options: readonly [number, string][], id: number | null) =>
    options.find(([option]) => option === id)?.[1];
  return (
    <p className="fm-linking__edited" aria-hidden="true">
      {row
        ? words.editedLink({
            link: index + 1,
            priority: name(priorities, row.priority_id) ?? words.noPriorityYet(),
            contractor: name(contractors, row.contractor_id) ?? words.noContractorYet(),
          })
        : words.scrollSideways()}
    </p>
  );
}
