import { describe, expect, it } from 'vitest';
import {
  currentSession,
  isSessionKey,
  pagesCache,
  sessionOfCache,
} from '../../src/offline/cache-names';

describe('the caches of sessions', () => {
  it('takes a session key of 1 to 128 letters, digits, - and _', () => {
    expect(isSessionKey('cOHsvmv5G-1dgTeZgVj9z5em7TMsPtHy')).toBe(true);
    expect(isSessionKey('a'.repeat(128))).toBe(true);
    for (const key of ['', 'a'.repeat(129), 'a b', 'a/b', '"><script>']) {
      expect(isSessionKey(key), key).toBe(false);
    }
  });

  it("names a session's cache, and reads the session back from it", () => {
    expect(pagesCache('abc')).toBe('fm-offline-pages-abc');
    expect(sessionOfCache(pagesCache('abc'))).toBe('abc');
    expect(sessionOfCache('fm-offline-assets')).toBeNull();
    expect(sessionOfCache('workbox-precache-v2-https://host/engineer/')).toBeNull();
    expect(sessionOfCache('fm-offline-pages-')).toBeNull();
  });

  it('shows pages from the one session there is, and from none when there are two or none', () => {
    const others = ['workbox-precache-v2-x', 'fm-offline-assets', 'fm-offline-bundle'];
    expect(currentSession([...others, pagesCache('a')])).toBe('a');
    expect(currentSession(others)).toBeNull();
    expect(currentSession([pagesCache('a'), pagesCache('b')])).toBeNull();
  });
});
