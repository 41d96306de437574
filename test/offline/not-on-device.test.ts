import { describe, expect, it } from 'vitest';
import {
  KEPT_PAGES,
  NOT_ON_DEVICE,
  NOT_ON_DEVICE_WHY,
  notOnDevicePage,
  TRY_AGAIN,
  titleOf,
} from '../../src/offline/not-on-device';

/** The page as a browser reads it. */
function read(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the page of a page not kept on the device', () => {
  it('says so in words, and links each page kept by its title, else its path', () => {
    const page = read(
      notOnDevicePage('https://portal.example/engineer/jobs/1113', [
        { url: 'https://portal.example/engineer/jobs', title: 'My jobs' },
        { url: 'https://portal.example/engineer/jobs/1004', title: '' },
      ]),
    );
    expect(page.title).toBe(NOT_ON_DEVICE);
    expect(page.documentElement.lang).toBe('en-GB');
    expect(page.querySelector('h1')?.textContent).toBe(NOT_ON_DEVICE);
    expect([...page.querySelectorAll('main > p')].map((line) => line.textContent)).toEqual([
      NOT_ON_DEVICE_WHY,
      TRY_AGAIN,
      KEPT_PAGES,
    ]);
    // Try again asks for the page once more, once the signal is back.
    expect(page.querySelector('main > p > a')?.getAttribute('href')).toBe(
      'https://portal.example/engineer/jobs/1113',
    );
    expect(
      [...page.querySelectorAll('li a')].map((link) => [
        link.textContent,
        link.getAttribute('href'),
      ]),
    ).toEqual([
      ['My jobs', 'https://portal.example/engineer/jobs'],
      ['/engineer/jobs/1004', 'https://portal.example/engineer/jobs/1004'],
    ]);
  });

  it('lists nothing when nothing is kept', () => {
    const page = read(notOnDevicePage('https://portal.example/engineer/jobs/1113', []));
    expect(page.querySelectorAll('main > p')).toHaveLength(2);
    expect(page.querySelector('ul')).toBeNull();
  });

  it("shows the host's title as text: its entities read once, no markup of its own", () => {
    const html = '<html><head><title> Job 1004 &amp; <b>Leeds</b> "A&lt;B" </title></head></html>';
    expect(titleOf(html)).toBe('Job 1004 &amp; <b>Leeds</b> "A&lt;B"');
    const title = 'Leeds &amp; Bradford <img src=x onerror=alert(1)> &quot;A&lt;B&quot;';
    const page = read(
      notOnDevicePage('https://portal.example/x', [{ url: 'https://portal.example/a"b', title }]),
    );
    const link = page.querySelector('li a');
    expect(link?.textContent).toBe('Leeds & Bradford <img src=x onerror=alert(1)> "A<B"');
    expect(link?.getAttribute('href')).toBe('https://portal.example/a"b');
    expect(page.querySelector('img')).toBeNull();
  });
});
