import { afterEach } from 'vitest';

// Each test starts from an empty page: no elements, no page configuration, no CSRF meta.
afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});
