import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACTIONS_WAIT,
  followSignal,
  noSignalText,
  RELOAD,
  showNotice,
  UNTIL_SIGNAL,
  UNTIL_SIGNAL_WITH_FORMS,
} from '../../src/offline/notice';

const KEPT = new Date(2026, 2, 2, 8, 14);

describe('the notice of a page shown from the device', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('says from when the page is: the time that day, the date on another', () => {
    expect(noSignalText(KEPT, new Date(2026, 2, 2, 17, 5))).toBe(
      'No signal: showing this page as of 08:14.',
    );
    expect(noSignalText(KEPT, new Date(2026, 2, 3, 7, 0))).toBe(
      'No signal: showing this page as of 08:14 on 02/03/2026.',
    );
  });

  it('goes at the top of <main> as a status, and says what waits for the signal', () => {
    document.body.innerHTML = '<main><h1>My jobs</h1></main>';
    showNotice(document, KEPT, KEPT);
    const notice = document.querySelector('main > .fm-offline-notice:first-child');
    expect(notice?.getAttribute('role')).toBe('status');
    expect(notice?.className).toBe('alert alert-warning fm-offline-notice');
    expect([...(notice?.querySelectorAll('p') ?? [])].map((line) => line.textContent)).toEqual([
      'No signal: showing this page as of 08:14.',
      UNTIL_SIGNAL,
    ]);
    expect(notice?.querySelector('p:first-child > strong')).not.toBeNull();
  });

  it('says that its forms cannot be sent on a page that has one', () => {
    document.body.innerHTML = '<main><form method="post"></form></main>';
    showNotice(document, KEPT, KEPT);
    expect(
      [...document.querySelectorAll('.fm-offline-notice p')].map((line) => line.textContent),
    ).toEqual(['No signal: showing this page as of 08:14.', UNTIL_SIGNAL_WITH_FORMS]);
  });

  it("says that the engineer's actions wait on the device on a page with the screen", () => {
    document.body.innerHTML =
      '<main><div data-fm-offline-notice></div><fm-engineer-job></fm-engineer-job></main>';
    showNotice(document, KEPT, KEPT);
    const notice = document.querySelector('[data-fm-offline-notice] > .fm-offline-notice');
    // Not "its forms cannot be sent": the screen's forms keep what is typed.
    expect(
      [...(notice?.querySelectorAll('p') ?? [])].slice(1).map((line) => line.textContent),
    ).toEqual([UNTIL_SIGNAL, ACTIONS_WAIT]);
  });

  it('is shown once, and writes no markup of its own words', () => {
    showNotice(document, KEPT, KEPT);
    showNotice(document, KEPT, KEPT);
    expect(document.querySelectorAll('.fm-offline-notice')).toHaveLength(1);
    expect(document.body.firstElementChild?.classList.contains('fm-offline-notice')).toBe(true);
  });

  it('says when the signal is back (the browser online, or the host took what was sent), and "No signal" when it goes again', () => {
    // The screen's events bubble from its element; a plain one here (the unit files share one
    // window, where fm-engineer-job may be defined and start working).
    document.body.innerHTML = '<main><h1>Job 1004</h1><div id="screen"></div></main>';
    const lines = () =>
      [...document.querySelectorAll('.fm-offline-notice p')].map((line) => line.textContent);
    const reload = () => document.querySelector('.fm-offline-notice button');
    const page = new AbortController();
    followSignal(document, new Date(), page.signal);
    expect(lines()).toHaveLength(2);
    expect(reload()).toBeNull();

    window.dispatchEvent(new Event('online'));
    expect(lines()).toEqual([
      expect.stringMatching(
        /^The signal is back\. This page is as of \d{2}:\d{2}: reload it to see it as it is now\.$/,
      ),
    ]);
    expect(reload()?.textContent).toBe(RELOAD);
    expect(document.querySelector('.fm-offline-notice')?.className).toBe(
      'alert alert-info fm-offline-notice',
    );

    window.dispatchEvent(new Event('offline'));
    expect(lines()[0]).toMatch(/^No signal: showing this page as of/);
    expect(reload()).toBeNull();

    // A browser that never says it is online: the host took a record the screen sent.
    document
      .querySelector('#screen')
      ?.dispatchEvent(new CustomEvent('fm-record-sent', { bubbles: true }));
    expect(lines()[0]).toMatch(/^The signal is back\./);
    expect(document.querySelectorAll('.fm-offline-notice')).toHaveLength(1);

    // Followed no more once the page is gone.
    page.abort();
    window.dispatchEvent(new Event('offline'));
    expect(lines()[0]).toMatch(/^The signal is back\./);
  });
});
