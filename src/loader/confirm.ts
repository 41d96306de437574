/** docs/requirements.md §8: the question a confirm link asks. */
export const CONFIRM_QUESTION = 'Are you sure?';

/**
 * Links of class `confirm` anywhere in the page ask "Are you sure?"; when declined, the click
 * neither navigates nor reaches any other handler. Listens in the capture phase on the document,
 * so install it before the link bridge. Returns the uninstall function.
 */
export function installConfirmLinks(
  doc: Document,
  confirmFn: (question: string) => boolean = (question) => window.confirm(question),
): () => void {
  const askFirst = (event: MouseEvent) => {
    if (!(event.target as Element | null)?.closest?.('a.confirm')) return;
    if (confirmFn(CONFIRM_QUESTION)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  doc.addEventListener('click', askFirst, true);
  return () => doc.removeEventListener('click', askFirst, true);
}
