import { type Api, apiFor } from './api';
import { useConfig } from './define';
import messages from './messages';
import { useWords } from './words';

/**
 * The element's HTTP client: its page configuration's (apiBase, timeout), wording the failures it
 * words itself (a timeout, a lost connection…) in the element's words, so that a store that keeps
 * an error as text keeps it in the words the page gave.
 */
export function useApi(): Api {
  return apiFor(useConfig(), useWords(messages).failure);
}
