import { configure } from '@testing-library/dom';
import { afterEach } from 'vitest';
import { jobStatusesOnPage } from '../src/ui/job-status';
import { WAIT_FOR_LIMIT_MS } from './setup-limits';

// Testing Library's findBy… and waitFor wait for their state as long as vi.waitFor does.
configure({ asyncUtilTimeout: WAIT_FOR_LIMIT_MS });

// The unit files of a worker share one happy-dom window (`isolate: false`, vitest.config.ts), and
// this file runs again before each of them: each file starts from the page a fresh window has.
// Its address (a form sent natively, or a test's history.replaceState, moves it), its storage,
// and what a test defined on navigator (its geolocation, storage or service worker).
const FIRST_NAVIGATOR_KEYS = Symbol.for('fm-test.navigator-keys');
const shared = globalThis as { [FIRST_NAVIGATOR_KEYS]?: Set<PropertyKey> };
shared[FIRST_NAVIGATOR_KEYS] ??= new Set(Reflect.ownKeys(navigator));
for (const key of Reflect.ownKeys(navigator)) {
  if (!shared[FIRST_NAVIGATOR_KEYS].has(key)) Reflect.deleteProperty(navigator, key);
}
(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
  'http://localhost:3000/',
);
localStorage.clear();
sessionStorage.clear();

// Each test starts from an empty page: no elements, no page configuration, no CSRF meta, and no
// job status an engineer's screen told the page (src/ui/job-status.ts).
afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  jobStatusesOnPage.setState({}, true);
});
