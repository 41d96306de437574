import { describe, expect, it } from 'vitest';
import { readSessionMessage, SESSION_MESSAGE } from '../../src/offline/session-message';

describe("a page's message to the worker", () => {
  const message = {
    type: SESSION_MESSAGE,
    session: 'abc',
    urls: ['https://h/x'],
    controlled: true,
  };

  it('is read when it is one, signed out included', () => {
    expect(readSessionMessage(message)).toEqual(message);
    expect(readSessionMessage({ ...message, session: '' })).toEqual({ ...message, session: '' });
  });

  it('is nothing when it is anything else', () => {
    for (const data of [
      null,
      'fm-offline-session',
      { ...message, type: 'SKIP_WAITING' },
      { ...message, session: '../x' },
      { ...message, urls: 'https://h/x' },
      { ...message, controlled: 'yes' },
    ]) {
      expect(readSessionMessage(data)).toBeNull();
    }
  });
});
