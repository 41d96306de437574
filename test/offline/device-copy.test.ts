import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { keptUrl, markServedFromDevice, servedFromDevice } from '../../src/offline/device-copy';

const KEPT_AT = '2026-03-02T08:14:05.120Z';

function documentOf(html: string): Document {
  const window = new Window();
  window.document.write(html);
  return window.document as unknown as Document;
}

describe('a page shown from the device', () => {
  it('is marked first in its head with when it was kept, and read back', () => {
    const page =
      '<!DOCTYPE html>\n<html lang="en-GB">\n<head>\n<meta charset="utf-8"><title>My jobs</title></head><body></body></html>';
    const marked = markServedFromDevice(page, KEPT_AT);
    expect(marked).toContain(
      `<head><meta name="fm-served-from-device" content="${KEPT_AT}">\n<meta charset`,
    );
    expect(servedFromDevice(documentOf(marked))?.toISOString()).toBe(KEPT_AT);
  });

  it('is marked after <html> or the doctype when it has no head', () => {
    expect(markServedFromDevice('<!doctype html><html><p>x', KEPT_AT)).toBe(
      `<!doctype html><html><meta name="fm-served-from-device" content="${KEPT_AT}"><p>x`,
    );
    expect(markServedFromDevice('<!DOCTYPE html><p>x', KEPT_AT)).toMatch(
      /^<!DOCTYPE html><meta name="fm-served-from-device"/,
    );
    expect(markServedFromDevice('<p>x', KEPT_AT)).toMatch(/^<meta name="fm-served-from-device"/);
  });

  it('carries nothing but a time in its mark', () => {
    const marked = markServedFromDevice('<head></head>', '"><script>alert(1)</script>');
    expect(marked).toBe(
      '<head><meta name="fm-served-from-device" content="scriptalert1script"></head>',
    );
  });

  it('is no page shown from the device without the mark, or with a mark that is no time', () => {
    expect(servedFromDevice(documentOf('<head><title>x</title></head>'))).toBeNull();
    const wrong = '<head><meta name="fm-served-from-device" content="yesterday"></head>';
    expect(servedFromDevice(documentOf(wrong))).toBeNull();
  });
});

describe('the URL a data call is kept under', () => {
  it("is the call's without a data preload's mark", () => {
    expect(keptUrl('https://host/api/site_times/index/1004?fm_preload=Ab3')).toBe(
      'https://host/api/site_times/index/1004',
    );
    expect(keptUrl('https://host/api/x?page=2&fm_preload=Ab3')).toBe('https://host/api/x?page=2');
    expect(keptUrl('https://host/engineer/jobs')).toBe('https://host/engineer/jobs');
  });
});
