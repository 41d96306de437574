import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED, TIMED_OUT, UNREACHABLE, UNREADABLE } from '../../src/runtime/api';
import '../../widgets/upload/index';

/** Just enough XMLHttpRequest for Dropzone; each request waits for the test to answer it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  readyState = 1;
  status = 0;
  statusText = '';
  responseType = '';
  responseText = '';
  response = '';
  timeout = 0;
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  contentType = 'application/json';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {}
  respond(status: number, body: unknown) {
    this.respondWith(status, JSON.stringify(body), 'application/json');
  }
  respondWith(status: number, text: string, contentType: string) {
    this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
    this.status = status;
    this.readyState = 4;
    this.contentType = contentType;
    this.responseText = text;
    this.response = text;
    this.onload?.();
  }
  /** No answer: the connection failed, or (`timedOut`) the client gave up waiting. */
  noAnswer(timedOut: boolean) {
    this.readyState = 4;
    (timedOut ? this.ontimeout : this.onerror)?.();
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

async function mount(config: object = {}) {
  document.head.innerHTML = `<meta name="csrf-token" content="tok-5"><script type="application/json" id="fm-config">${JSON.stringify(
    { uploadMaxFileSize: 1, uploadMaxFiles: 2, uploadAcceptedFiles: 'image/*,.pdf', ...config },
  )}</script>`;
  document.body.innerHTML = '<fm-upload data-site-id="1" data-job-id="1004"></fm-upload>';
  return vi.waitFor(() => {
    const area = document.querySelector<HTMLElement>('.fm-upload__area');
    if (!area?.querySelector('input[type="file"]')) throw new Error('not ready');
    return area;
  });
}

/** Chooses files as the file dialog would. */
function choose(area: HTMLElement, files: File[]) {
  const input = area.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files });
  input.dispatchEvent(new Event('change'));
}

const file = (name: string, type: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type });
const rows = () => [...document.querySelectorAll('.fm-upload__file')].map((row) => row.textContent);

describe('fm-upload', () => {
  it('states the limits, and refuses too big, wrong type and too many files with them', async () => {
    const area = await mount();
    expect(area.querySelector('.fm-upload__hint')?.textContent).toBe(
      'Up to 2 files, 1 MB each; images and .pdf files.',
    );
    choose(area, [file('huge.jpg', 'image/jpeg', 1024 * 1024 + 1)]);
    choose(area, [file('notes.txt', 'text/plain')]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await vi.waitFor(() =>
      expect(rows()).toEqual([
        'huge.jpgThis file is too big: files can be up to 1 MB.Remove',
        'notes.txtThis type of file cannot be uploaded: only images and .pdf files are accepted.Remove',
      ]),
    );
    choose(area, [
      file('a.jpg', 'image/jpeg'),
      file('b.pdf', 'application/pdf'),
      file('c.jpg', 'image/jpeg'),
    ]);
    await vi.waitFor(() =>
      expect(rows()[4]).toBe('c.jpgToo many files: you can upload up to 2 files here.Remove'),
    );
  });

  it("gives the limits in the page's words, their plurals in the page's locale", async () => {
    const area = await mount({
      locale: 'pl',
      uploadMaxFiles: 5,
      messages: {
        'upload.hint':
          'Do {maxFiles, plural, one {# pliku} few {# plików} many {# plików} other {# pliku}} po {maxFileSize} MB: {accepted}.',
        'upload.acceptedImages': 'zdjęcia',
        'upload.acceptedExtension': 'pliki {extension}',
        'upload.acceptedList': '{others} i {last}',
        'upload.tooMany': 'Za dużo plików: najwyżej {maxFiles}.',
        'upload.tooBig': 'Za duży: {size} MB.',
      },
    });
    expect(area.querySelector('.fm-upload__hint')?.textContent).toBe(
      'Do 5 plików po 1 MB: zdjęcia i pliki .pdf.',
    );
    expect(area.querySelector('button')?.textContent).toBe('Choose files');
    choose(area, [file('huge.jpg', 'image/jpeg', 1024 * 1024 + 1)]);
    // {size} is not a placeholder of upload.tooBig: its default is kept.
    await vi.waitFor(() =>
      expect(rows()).toEqual(['huge.jpgThis file is too big: files can be up to 1 MB.Remove']),
    );
  });

  it('shows its words, and the words it gives Dropzone, in the pseudo-locale', async () => {
    const area = await mount({ locale: 'en-XA', uploadMaxFiles: 1 });
    expect(area.querySelector('.fm-upload__hint')?.textContent).toBe(
      '[ÛÛþ ţöö 1 ƒîîļéé, 1 ṀƁ ééååçĥ; [[îîɱååĝééš] ååñđ [.pdf ƒîîļééš]].]',
    );
    expect(area.querySelector('.fm-upload__prompt')?.textContent).toMatch(/^\[.*\]$/);
    choose(area, [file('notes.txt', 'text/plain')]);
    await vi.waitFor(() =>
      expect(rows()[0]).toMatch(/^notes\.txt\[Ţĥîîš ţýþéé .*\]\[Ŕééɱööṽéé\]$/),
    );
  });

  it('posts each file with site_id, job_id and the CSRF token, shows progress, then the link', async () => {
    const area = await mount();
    const uploaded = vi.fn();
    document.addEventListener('fm-photo-uploaded', (event) => uploaded(event.detail));
    choose(area, [file('boiler.jpg', 'image/jpeg')]);
    const xhr = await vi.waitFor(() => {
      const found = FakeXhr.sent[0];
      if (!found) throw new Error('not sent');
      return found;
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/photos/upload');
    expect(xhr.headers['X-CSRF-Token']).toBe('tok-5');
    expect(xhr.body?.get('site_id')).toBe('1');
    expect(xhr.body?.get('job_id')).toBe('1004');
    expect(xhr.body?.get('_csrfToken')).toBe('tok-5');
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('boiler.jpg');
    expect(document.querySelector('progress')?.getAttribute('aria-label')).toBe(
      'Uploading boiler.jpg',
    );

    const photo = { id: 9, filename: 'boiler.jpg', url: '/uploads/x.jpg' };
    xhr.respond(200, { status: 'success', message: 'The photo has been uploaded', photo });
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-upload__link')?.getAttribute('href')).toBe(
        '/uploads/x.jpg',
      ),
    );
    expect(uploaded).toHaveBeenCalledWith({ jobId: 1004, photo });
    expect(document.querySelector('[role="status"]')?.textContent).toBe('boiler.jpg uploaded');
  });

  it("shows the host's message on failure and retries the file", async () => {
    const area = await mount();
    choose(area, [file('boiler.jpg', 'image/jpeg')]);
    const first = await vi.waitFor(() => FakeXhr.sent[0] ?? Promise.reject(new Error('not sent')));
    first.respond(400, { status: 'error', message: 'file is empty' });
    await vi.waitFor(() => expect(rows()).toEqual(['boiler.jpgfile is emptyRetryRemove']));

    (document.querySelector('button[aria-label="Retry boiler.jpg"]') as HTMLButtonElement).click();
    const second = await vi.waitFor(() => FakeXhr.sent[1] ?? Promise.reject(new Error('not sent')));
    second.respond(200, {
      status: 'success',
      message: 'ok',
      photo: { id: 10, filename: 'boiler.jpg', url: '/uploads/y.jpg' },
    });
    await vi.waitFor(() => expect(rows()).toEqual(['boiler.jpgUploaded, view']));
  });

  it.each([
    [
      'a truncated JSON answer',
      (xhr: FakeXhr) => xhr.respondWith(200, '{"photo": {', 'application/json'),
      UNREADABLE,
    ],
    [
      'a sign-in page',
      (xhr: FakeXhr) => xhr.respondWith(200, '<!DOCTYPE html><h1>Sign in</h1>', 'text/html'),
      SESSION_EXPIRED,
    ],
    [
      'an HTTP 500 without a message',
      (xhr: FakeXhr) => xhr.respondWith(500, 'Server Error', 'text/plain'),
      'The server could not complete the request (HTTP 500). Please try again.',
    ],
    [
      "an HTTP 500 with the host's message",
      (xhr: FakeXhr) => xhr.respond(500, { status: 'error', message: 'Disk full' }),
      'Disk full',
    ],
    ['no answer in time', (xhr: FakeXhr) => xhr.noAnswer(true), TIMED_OUT],
    ['a lost connection', (xhr: FakeXhr) => xhr.noAnswer(false), UNREACHABLE],
  ])('says what every other call says for %s, with Retry', async (_fault, answer, message) => {
    const area = await mount();
    choose(area, [file('boiler.jpg', 'image/jpeg')]);
    const sent = await vi.waitFor(() => FakeXhr.sent[0] ?? Promise.reject(new Error('not sent')));
    answer(sent);
    await vi.waitFor(() => expect(rows()).toEqual([`boiler.jpg${message}RetryRemove`]));
    expect(document.querySelector('[role="status"]')?.textContent).toBe(`boiler.jpg: ${message}`);
  });

  it('takes its hidden input and listeners away when removed', async () => {
    const area = await mount();
    const element = document.querySelector('fm-upload') as HTMLElement;
    expect(area.querySelectorAll('input[type="file"]')).toHaveLength(1);
    element.remove();
    await vi.waitFor(() => expect(area.querySelector('input[type="file"]')).toBeNull());
  });
});
