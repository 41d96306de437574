// Every place a library (or our own code) could turn a string into markup, fed the hostile
// payloads of the hostile run: each string from an attribute, the page configuration
// or the server must reach the screen as text, and no script URL may become a link or an action.
import 'vitest-canvas-mock';
import Dropzone from 'dropzone';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LONG_PAYLOAD, PAYLOADS } from '../../demo/server/seed/hostile';
import { toTabulatorColumns } from '../../src/ui/columns';
import '../../widgets/compliance/index';
import '../../widgets/cost-form/index';
import '../../widgets/data-table/index';
import '../../widgets/date-input/index';
import '../../widgets/nav/index';
import '../../widgets/password-form/index';
import '../../widgets/report/index';
import '../../widgets/site-time-form/index';
import '../../widgets/upload/index';
import '../../widgets/user-form/index';

const SCRIPT_URL = /^\s*javascript:/i;

/** Nothing a payload could have made: no image, frame or script, no handler, no script URL. */
function expectInert(root: ParentNode = document.body) {
  const live = [...root.querySelectorAll('*')].filter(
    (element) =>
      ['img', 'iframe', 'script', 'object', 'embed'].includes(element.localName) ||
      [...element.attributes].some((attribute) => attribute.name.startsWith('on')) ||
      SCRIPT_URL.test(element.getAttribute('href') ?? '') ||
      SCRIPT_URL.test(element.getAttribute('action') ?? ''),
  );
  expect(live.map((element) => element.outerHTML.slice(0, 100))).toEqual([]);
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
}

/** An attribute value in single quotes, as a host prints it with htmlspecialchars(ENT_QUOTES). */
const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll("'", '&#39;');

function mount(html: string, config: object = {}) {
  document.head.innerHTML = `<meta name="csrf-token" content="tok"><script type="application/json" id="fm-config">${JSON.stringify(
    config,
  ).replaceAll('<', '\\u003c')}</script>`;
  document.body.innerHTML = html;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Tabulator', () => {
  it('writes column titles from data-columns as text, and names header searches with them', async () => {
    const columns = PAYLOADS.map((title, index) => ({ field: `f${index}`, title, filter: true }));
    mount(
      `<fm-data-table data-rows='[{"f0":1}]' data-columns='${attr(JSON.stringify(columns))}'></fm-data-table>`,
    );
    const titles = await vi.waitFor(() => {
      const found = [...document.querySelectorAll('.tabulator-col-title')];
      if (found.length < PAYLOADS.length) throw new Error('no headers yet');
      return found;
    });
    expect(titles.map((title) => title.textContent)).toEqual(PAYLOADS);
    const searches = [...document.querySelectorAll('.tabulator-header-filter input')];
    expect(searches.map((search) => search.getAttribute('aria-label'))).toEqual(
      PAYLOADS.map((title) => `Search ${title}`),
    );
    expect(searches.map((search) => search.getAttribute('placeholder'))).toEqual(
      PAYLOADS.map(() => 'Search'),
    );
    expectInert();
  });

  it('draws cells, linked cells and totals from the server as text and page paths', () => {
    const [text, linked, total] = toTabulatorColumns([
      { field: 'site', title: 'Site' },
      { field: 'job', title: 'Job', link: 'job' },
      { field: 'site', title: 'Search', link: 'site-search', total: true },
    ]);
    for (const payload of PAYLOADS) {
      const cell = { getValue: () => payload, getData: () => ({ site: payload, job: payload }) };
      const holder = document.createElement('div');
      const formatters = [
        text?.formatter,
        linked?.formatter,
        total?.formatter,
        total?.bottomCalcFormatter,
      ] as unknown as ((cell: unknown) => Node)[];
      holder.append(...formatters.map((format) => format(cell)));
      expect(holder.textContent).toBe(payload.repeat(4));
      for (const anchor of holder.querySelectorAll('a')) {
        expect(anchor.getAttribute('href')).toMatch(/^\/(jobs\/view|sites\/index)\//);
      }
      expectInert(holder);
    }
  });
});

describe('Dropzone', () => {
  it("states a refused file's type from the page configuration as text", async () => {
    mount('<fm-upload data-site-id="1" data-job-id="1004"></fm-upload>', {
      uploadAcceptedFiles: PAYLOADS[0],
    });
    const input = await vi.waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('not ready');
      return found;
    });
    expect(document.querySelector('.fm-upload__hint')?.textContent).toContain(PAYLOADS[0]);
    Object.defineProperty(input, 'files', {
      value: [new File(['x'], '<svg onload=alert(1)>.txt', { type: 'text/plain' })],
    });
    input.dispatchEvent(new Event('change'));
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-upload__file')?.textContent).toBe(
        `<svg onload=alert(1)>.txtThis type of file cannot be uploaded: only ${PAYLOADS[0]} are accepted.Remove`,
      ),
    );
    expectInert();
  });

  it('says in words when the browser cannot upload, instead of its own HTML fallback form', async () => {
    vi.spyOn(Dropzone, 'isBrowserSupported').mockReturnValue(false);
    mount('<fm-upload data-site-id="1" data-job-id="1004"></fm-upload>', {
      apiBase: '"><img src=x onerror="window.__pwned=1">',
    });
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-upload [role="alert"]')?.textContent).toBe(
        'This browser cannot upload files here. Please use a current browser.',
      ),
    );
    expect(document.querySelector('form')).toBeNull();
    expectInert();
  });

  it("links an uploaded photo only at a page address, whatever the server's answer", async () => {
    const sent: { respond(body: unknown): void }[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        readyState = 1;
        status = 0;
        responseText = '';
        onload: (() => void) | null = null;
        open() {}
        setRequestHeader() {}
        getResponseHeader = () => 'application/json';
        send() {
          sent.push({
            respond: (body) => {
              Object.assign(this, {
                status: 200,
                readyState: 4,
                responseText: JSON.stringify(body),
              });
              this.onload?.();
            },
          });
        }
      },
    );
    mount('<fm-upload data-site-id="1" data-job-id="1004"></fm-upload>');
    const input = await vi.waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('not ready');
      return found;
    });
    Object.defineProperty(input, 'files', {
      value: [new File(['x'], 'boiler.jpg', { type: 'image/jpeg' })],
    });
    input.dispatchEvent(new Event('change'));
    const request = await vi.waitFor(() => sent[0] ?? Promise.reject(new Error('not sent')));
    request.respond({
      status: 'success',
      message: 'ok',
      photo: { id: 1, filename: PAYLOADS[1], url: PAYLOADS[4] },
    });
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-upload__file')?.textContent).toBe('boiler.jpgUploaded'),
    );
    expect(document.querySelector('.fm-upload a')).toBeNull();
    expectInert();
  });
});

describe('flatpickr', () => {
  it('takes a hostile label, name and value as text, and its calendar stays ours', async () => {
    for (const payload of PAYLOADS) {
      mount(
        `<fm-date-input data-label='${attr(payload)}' data-name='${attr(payload)}' data-value='${attr(payload)}'></fm-date-input>`,
      );
      const input = await vi.waitFor(() => {
        const found = document.querySelector<HTMLInputElement>('input.fm-input');
        if (!found || !document.querySelector('.flatpickr-calendar')) throw new Error('not ready');
        return found;
      });
      expect(input.labels?.[0]?.textContent).toBe(payload);
      expect(input.name).toBe(payload);
      expect(input.value).toBe(payload);
      (document.querySelector('.fm-date__button, button') as HTMLButtonElement).click();
      expectInert();
    }
  });
});

describe('Chart.js', () => {
  it("names each doughnut and fills its table with the server's names as text", async () => {
    const rows = PAYLOADS.map((name) => ({
      site: name,
      category: name,
      compliant: 1,
      remedial: 1,
      overdue: 1,
      not_compliant: 1,
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: rows, last_page: 1, total: rows.length })),
    );
    mount('<fm-compliance data-url="/api/reports/compliance"></fm-compliance>');
    const canvases = await vi.waitFor(
      () => {
        const found = [...document.querySelectorAll('canvas[role="img"]')];
        if (found.length < PAYLOADS.length) throw new Error('not drawn');
        return found;
      },
      { timeout: 5000 },
    );
    expect(canvases.map((canvas) => canvas.getAttribute('aria-label')?.split(': ')[0])).toEqual(
      expect.arrayContaining([PAYLOADS[0], PAYLOADS[1], LONG_PAYLOAD]),
    );
    expectInert();
  });
});

describe('powerbi-client', () => {
  it('never frames a hostile embedUrl, and lists why as text', async () => {
    for (const embedUrl of [
      PAYLOADS[4] as string,
      `https://app.powerbi.com/${PAYLOADS[1]}`.replace('https:', 'http:'),
      PAYLOADS[0] as string,
    ]) {
      mount(
        `<fm-report data-embed-type="report" data-label='${attr(PAYLOADS[0] as string)}' data-config='${attr(
          JSON.stringify({ accessToken: PAYLOADS[2], id: PAYLOADS[3], embedUrl }),
        )}'></fm-report>`,
      );
      await vi.waitFor(() =>
        expect(
          [...document.querySelectorAll('fm-report li')].map((item) => item.textContent),
        ).toContainEqual(expect.stringMatching(/^embedUrl must be an (absolute )?https address/)),
      );
      expect(document.querySelector('section.fm-report')?.getAttribute('aria-label')).toBe(
        PAYLOADS[0],
      );
      expectInert();
    }
  });
});

describe('our own markup', () => {
  it('fm-nav shows hostile labels as text and refuses a script URL in data-menu', async () => {
    const labels = PAYLOADS.map((label) => ({ label, href: '/dashboard' }));
    mount(`<fm-nav data-menu='${attr(JSON.stringify(labels))}'></fm-nav>`);
    await vi.waitFor(() =>
      expect([...document.querySelectorAll('.fm-nav__link')].map((a) => a.textContent)).toEqual(
        PAYLOADS,
      ),
    );
    expectInert();

    for (const href of [PAYLOADS[4], PAYLOADS[5], 'data:text/html,<script>alert(1)</script>']) {
      mount(
        `<fm-nav data-menu='${attr(JSON.stringify([{ label: 'Jobs', items: [{ label: 'x', href }] }]))}'></fm-nav>`,
      );
      await vi.waitFor(() =>
        expect(document.querySelector('.fm-error')?.textContent).toBe(
          'fm-nav: data-menu: every href must be a page address',
        ),
      );
      expectInert();
    }
  });

  it("fm-nav makes no link of a script URL in the host's own list", async () => {
    mount(`<fm-nav><ul>
      <li><a href="javascript:;">Jobs</a><ul><li><a href="/jobs">All jobs</a></li><li><a href="javascript:window.__pwned=1">Bad</a></li></ul></li>
      <li><a href=" javascript:alert(1)">Reports</a></li>
    </ul></fm-nav>`);
    await vi.waitFor(() => expect(document.querySelector('.fm-nav__bar')).not.toBeNull());
    expect(
      [...document.querySelectorAll('.fm-nav__bar a, .fm-nav__bar button')].map((element) => [
        element.textContent,
        element.getAttribute('href'),
      ]),
    ).toEqual([
      ['Jobs', null],
      ['All jobs', '/jobs'],
      ['Reports', null],
    ]);
    expectInert();
  });

  it.each([
    ['fm-password-form', 'data-name="Sam"'],
    ['fm-cost-form', 'data-job-id="1006"'],
    ['fm-user-form', 'data-user-id="2"'],
    ['fm-site-time-form', 'data-job-id="1004"'],
  ])('%s refuses a script URL as its data-action', async (tag, attributes) => {
    for (const action of [PAYLOADS[4], PAYLOADS[5], 'vbscript:msgbox(1)']) {
      mount(`<${tag} ${attributes} data-action='${attr(action as string)}'></${tag}>`);
      await vi.waitFor(() =>
        expect(document.querySelector('.fm-error')?.textContent).toBe(
          `${tag}: data-action must be a page of this site or an http(s) address`,
        ),
      );
      expect(document.querySelector('form')).toBeNull();
      expectInert();
    }
  });

  it('shows a hostile attribute in its inline error as text', async () => {
    for (const payload of PAYLOADS) {
      mount(`<fm-data-table data-columns='${attr(payload)}' data-rows="[]"></fm-data-table>`);
      await vi.waitFor(() =>
        expect(document.querySelector('.fm-error')?.textContent).toMatch(/^fm-data-table: /),
      );
      expectInert();
    }
  });
});
