import { configure } from '@testing-library/dom';
import { afterEach } from 'vitest';
import { WAIT_FOR_LIMIT_MS } from './setup-limits';

// Testing Library's findBy… and waitFor wait for their state as long as vi.waitFor does.
configure({ asyncUtilTimeout: WAIT_FOR_LIMIT_MS });

// Each test starts from an empty page: no elements, no page configuration, no CSRF meta.
afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});
