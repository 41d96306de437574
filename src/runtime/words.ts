import { use } from 'react';
import { readConfig } from '../core/config';
import { errorText } from '../core/error-text';
import { type Catalog, wordsConfig } from '../core/words';
import { type ApiError, type FailureKind, failureText } from './api';
import { useHost } from './define';
import messages from './messages';
import { loaded, loadOverrides } from './word-loading';

/**
 * The words of `catalog` (a widget's `messages.ts`) for this element, in the catalog's shape: the
 * compiled defaults, or, when the page's `messages` or `locale` or the element's `data-messages`
 * or `data-locale` change them, the words they give, once the ICU parser is loaded (the element
 * waits for it before its first render, word-loading.ts; one whose words change later suspends
 * meanwhile). A wrong `messages` or `locale` throws, so the element shows it inline.
 */
export function useWords<C extends Catalog>(catalog: C): C {
  const { element } = useHost();
  const own = readConfig(element, wordsConfig);
  if (!(own.messages || own.locale)) return catalog;
  return (loaded ?? use(loadOverrides())).wordsWith(catalog, element, own);
}

/**
 * An error as this element words it (error-text.ts's errorText): a failure we word ourselves (a
 * timeout, an expired session…) in the element's words, the host's own messages as it sent them.
 */
export function useErrorText(): (error: unknown) => string {
  const { failure } = useWords(messages);
  return (error) =>
    (error as ApiError | null)?.ours
      ? failureText((error as ApiError).kind as FailureKind, (error as ApiError).status, failure)
      : errorText(error);
}
