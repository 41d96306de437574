import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_STORAGE_KEY, type QueuedAction } from '../../widgets/engineer-job/action-queue';
import { POSITION_OPTIONS } from '../../widgets/engineer-job/geo';
import '../../widgets/engineer-job/index';
import { engineerActions, noteError } from '../../src/core/job-lifecycle';
import { RETRY_CLASSES } from '../../src/ui/Alert';
import { outbox } from '../../src/ui/outbox';
import { replayRequest } from '../../widgets/engineer-job/queued-actions';
import { movedOn, shownSignedOn, signedOnWith } from '../../widgets/engineer-job/sign-on';

const SITE = { lat: 53.796, long: -1.547 };
/** One degree of latitude on the mean Earth sphere, in metres. */
const DEGREE = (6_371_008.8 * Math.PI) / 180;

type Reply = Response | 'offline' | Promise<Response>;
type Handler = (request: Request, body: Record<string, unknown> | null) => Reply;

let handler: Handler;
let sent: { path: string; method: string; body: Record<string, unknown> | null }[];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const notSignedOn = () => json({ status: 'error', message: 'You are not signed on to this job' });
const signedOnAs = (id: number) => json({ status: 'success', data: { SiteTime: { id } } });

/** What the reference host answers to a save. */
function saved(body: Record<string, unknown> | null, id = 77): Response {
  const action = String(body?.action);
  const closes = action !== 'signon';
  return json({
    status: 'success',
    action,
    id,
    message: { signon: 'You are signed on', signoff: 'You are signed off' }[action] ?? 'Saved',
    data: {
      on_site: '2026-03-02 09:15:00',
      off_site: closes ? '2026-03-02 11:40:00' : null,
      formatted_on_site: '02/03/2026 09:15',
      formatted_off_site: closes ? '02/03/2026 11:40' : null,
    },
  });
}

const defaultHandler: Handler = (request, body) =>
  new URL(request.url).pathname.startsWith('/api/site_times/index/') ? notSignedOn() : saved(body);

async function fetchStub(request: Request): Promise<Response> {
  const text = request.method === 'POST' ? await request.clone().text() : '';
  // A JSON body as sent; a form's (a site time from the device's outbox) as its fields.
  const body = !text
    ? null
    : (request.headers.get('content-type') ?? '').includes('json')
      ? (JSON.parse(text) as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(text));
  sent.push({ path: new URL(request.url).pathname, method: request.method, body });
  const reply = handler(request, body);
  if (reply === 'offline') throw new TypeError('Failed to fetch');
  return reply;
}

const saves = () => sent.filter((request) => request.path === '/api/site_times/save');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The geolocation the page sees: each request answers the next outcome (a code is an error). */
function stubGeolocation(
  ...outcomes: ({ lat: number; long: number; accuracy: number } | number)[]
) {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
      const next = outcomes.length > 1 ? outcomes.shift() : outcomes[0];
      if (typeof next === 'number') fail({ code: next } as GeolocationPositionError);
      else if (next) {
        ok({
          coords: { latitude: next.lat, longitude: next.long, accuracy: next.accuracy },
        } as GeolocationPosition);
      }
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

/** A position `metres` due north of the site. */
const north = (metres: number, accuracy = 10) => ({
  lat: SITE.lat + metres / DEGREE,
  long: SITE.long,
  accuracy,
});

function mount(attributes = '', config?: Record<string, unknown>): HTMLElement {
  if (config) {
    document.head.innerHTML = `<script type="application/json" id="fm-config">${JSON.stringify(config)}</script>`;
  }
  document.body.innerHTML = `<fm-engineer-job data-job-id="1004" data-site-lat="${SITE.lat}" data-site-long="${SITE.long}" ${attributes}></fm-engineer-job>`;
  return document.body.querySelector('fm-engineer-job') as HTMLElement;
}

const CONFIG = { geoMaxDistance: 500, geoUnit: 'M', geoCheck: true };

const text = (element: Element | null | undefined) => element?.textContent ?? '';
const buttons = (element: HTMLElement) =>
  [...element.querySelectorAll<HTMLButtonElement>('.fm-engineer__actions button')].map(
    (button) => ({ label: text(button), disabled: button.disabled }),
  );
const button = (element: HTMLElement, label: string) =>
  [...element.querySelectorAll<HTMLButtonElement>('button')].find(
    (candidate) => text(candidate) === label,
  ) as HTMLButtonElement;
const geoMessage = (element: HTMLElement) => element.querySelector('.fm-engineer__geo');
/** The action buttons a user can see and reach (those kept unseen under the spinner are inert). */
const offered = (element: HTMLElement) =>
  [...element.querySelectorAll<HTMLButtonElement>('.fm-engineer__actions button')]
    .filter((candidate) => !candidate.inert)
    .map((candidate) => text(candidate));
/** What the action buttons are described by (aria-describedby), each button alike. */
function descriptions(element: HTMLElement): string[] {
  const all = [...element.querySelectorAll<HTMLButtonElement>('.fm-engineer__actions button')].map(
    (candidate) =>
      (candidate.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => text(element.querySelector(`[id="${id}"]`))),
  );
  expect(new Set(all.map((list) => list.join('|'))).size).toBeLessThanOrEqual(1);
  return all[0] ?? [];
}
/** A reply the test lets go when it chooses. */
function held(): { reply: Promise<Response>; release(response: Response): void } {
  let release: (response: Response) => void = () => {};
  const reply = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { reply, release };
}

/** Types `value` into the notes field as the user would (React hears the input event). */
function typeInto(notes: HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(notes, value);
  notes.dispatchEvent(new Event('input', { bubbles: true }));
}

async function ready(element: HTMLElement, labels: string[]) {
  await vi.waitFor(() =>
    expect(buttons(element)).toEqual(labels.map((label) => ({ label, disabled: false }))),
  );
}

function queued(): QueuedAction[] {
  return JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]');
}

/** A sign-on (or other action) for job 1004 waiting in the queue, as the queue stores it. */
function waiting(action: QueuedAction['action'], more: Partial<QueuedAction> = {}): QueuedAction {
  return {
    key: 'a',
    jobId: 1004,
    siteTimeId: null,
    action,
    geo: { lat: 53.796, long: -1.547, accuracy: 9 },
    clientTime: '2026-03-02T09:00:00.000Z',
    ...more,
  };
}

/** Puts `actions` in the queue's storage, as an earlier visit (or another tab) left them. */
function storeQueue(actions: QueuedAction[]): void {
  localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(actions));
}

beforeEach(() => {
  sent = [];
  handler = defaultHandler;
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    shouldAdvanceTime: true,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('engineer job: pure rules', () => {
  it('docs/requirements.md §4: which buttons each sign-on state shows', () => {
    expect(engineerActions(false)).toEqual(['signon', 'remotefix']);
    expect(engineerActions(true)).toEqual(['signoff', 'complete']);
  });

  it('docs/requirements.md §5: notes must be more than 8 characters', () => {
    expect(noteError('12345678')).toBe(
      'You need to fill out the notes field (minimum 8 characters)',
    );
    expect(noteError('   1234 5678   ')).toBeNull();
    expect(noteError('123456789')).toBeNull();
    expect(noteError('        x')).not.toBeNull();
  });

  it('the screen follows the last action waiting on the device, and holds during an action', () => {
    const entry = (action: QueuedAction['action'], refused?: string) =>
      ({ action, refused }) as QueuedAction;
    expect(signedOnWith(false, [])).toBe(false);
    expect(signedOnWith(true, [entry('signoff'), entry('signon')])).toBe(true);
    expect(signedOnWith(true, [entry('signon'), entry('complete')])).toBe(false);
    expect(shownSignedOn({ busy: 'signon', serverSignedOn: true, entries: [] })).toBe(false);
    expect(shownSignedOn({ busy: 'complete', serverSignedOn: false, entries: [] })).toBe(true);
    expect(
      shownSignedOn({ busy: null, serverSignedOn: false, entries: [entry('signon', 'No')] }),
    ).toBe(false);
  });

  it('actions sent since the last lookup move its answer on until the next one', () => {
    const released = { serverSignedOn: false, siteTimeId: null, jobStatus: 3 };
    expect(movedOn(released, [{ action: 'signon' }], 91)).toEqual({
      serverSignedOn: true,
      siteTimeId: 91,
      jobStatus: 6,
    });
    expect(movedOn(released, [{ action: 'signon' }, { action: 'complete' }], 92)).toEqual({
      serverSignedOn: false,
      siteTimeId: null,
      jobStatus: 8,
    });
    expect(movedOn({ ...released, jobStatus: null }, [{ action: 'remotefix' }], 93)).toEqual({
      serverSignedOn: false,
      siteTimeId: null,
      jobStatus: null,
    });
    expect(movedOn(released, [], null)).toEqual(released);
  });

  it('a replay carries the original time as client_time and the action id as action_id', () => {
    expect(
      replayRequest({
        key: 'k',
        jobId: 1004,
        siteTimeId: null,
        action: 'signoff',
        geo: { lat: 1, long: 2, accuracy: 3 },
        note: 'Replaced the fan',
        clientTime: '2026-03-02T09:15:00.000Z',
      }),
    ).toEqual({
      id: null,
      job_id: 1004,
      geo: { lat: 1, long: 2, accuracy: 3 },
      action: 'signoff',
      note: 'Replaced the fan',
      client_time: '2026-03-02T09:15:00.000Z',
      action_id: 'k',
    });
  });
});

describe('fm-engineer-job: geo states (docs/requirements.md §4, §8)', () => {
  it('within range: the distance as a success, Sign On and Remote Fix enabled', async () => {
    const ask = stubGeolocation(north(120));
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(text(geoMessage(element))).toBe('You are 120 metres from the site');
    expect(geoMessage(element)?.className).toContain('fm-engineer__geo--success');
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask.mock.calls[0]?.[2]).toEqual(POSITION_OPTIONS);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/site_times/index/1004' });
  });

  it('signed on (the lookup answers success): Sign Off and Sign Off Complete, no Sign On', async () => {
    stubGeolocation(north(10));
    handler = (request, body) =>
      request.method === 'GET' ? signedOnAs(55) : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await ready(element, ['Sign Off', 'Sign Off Complete']);
  });

  it('too far: a warning with the distance in miles, buttons disabled', async () => {
    stubGeolocation(north(8047));
    const element = mount('', CONFIG);
    await vi.waitFor(() =>
      expect(text(geoMessage(element))).toBe('You are 5.0 miles from the site'),
    );
    expect(geoMessage(element)?.className).toContain('fm-engineer__geo--warning');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await vi.waitFor(() =>
      expect(buttons(element)).toEqual([
        { label: 'Sign On', disabled: true },
        { label: 'Remote Fix', disabled: true },
      ]),
    );
    // Why the buttons are off, and how close the engineer must be: beside them, read with them.
    const why = 'Sign On and Remote Fix can be used within 500 metres of the site.';
    expect(text(element.querySelector('.fm-engineer__actions + .fm-engineer__why'))).toBe(why);
    expect(descriptions(element)).toEqual([why]);
  });

  it('too far in metres: {n} with a thousands separator, the limit worded as in miles', async () => {
    stubGeolocation(north(1557, 5));
    const element = mount('', CONFIG);
    await vi.waitFor(() =>
      expect(text(geoMessage(element))).toBe('You are 1,557 metres from the site'),
    );
    await vi.waitFor(() =>
      expect(descriptions(element)).toEqual([
        'Sign On and Remote Fix can be used within 500 metres of the site.',
      ]),
    );
  });

  it('signed on but too far: the reason names the buttons on show', async () => {
    stubGeolocation(north(900));
    handler = (request, body) =>
      request.method === 'GET' ? signedOnAs(55) : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await vi.waitFor(() => expect(offered(element)).toEqual(['Sign Off', 'Sign Off Complete']));
    expect(buttons(element).every((entry) => entry.disabled)).toBe(true);
    expect(descriptions(element)).toEqual([
      'Sign Off and Sign Off Complete can be used within 500 metres of the site.',
    ]);
  });

  it('while the position is being found: disabled, and says so beside the buttons', async () => {
    // A phone that has not answered yet.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: vi.fn() },
    });
    const element = mount('', CONFIG);
    await vi.waitFor(() => expect(offered(element)).toEqual(['Sign On', 'Remote Fix']));
    expect(text(geoMessage(element))).toBe('Finding your location…');
    expect(buttons(element).every((entry) => entry.disabled)).toBe(true);
    expect(descriptions(element)).toEqual([
      'Sign On and Remote Fix can be used once your location is found (to check that you are at the site).',
    ]);
  });

  it('just beyond maxDistance but within the reported accuracy is in range', async () => {
    stubGeolocation(north(540, 50));
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(text(geoMessage(element))).toBe('You are 540 metres from the site');
  });

  it('permission denied: the message, no action buttons, and how to allow location', async () => {
    const ask = stubGeolocation(1, north(30));
    const element = mount('data-notes', CONFIG);
    await vi.waitFor(() =>
      expect(text(geoMessage(element))).toBe('You must enable geo location to use this app'),
    );
    expect(buttons(element)).toEqual([]);
    expect(element.querySelector('textarea')).toBeNull();
    expect(text(element.querySelector('.fm-engineer__geo-help p'))).toBe(
      "Allow location for this site in your browser's site settings, or for your browser in your phone's settings, then try again.",
    );
    expect([...element.querySelectorAll('button')].map((b) => text(b))).toEqual(['Try again']);
    // Once the engineer has allowed it, Try again asks once more and the job can go on.
    button(element, 'Try again').click();
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(element.querySelector('.fm-engineer__geo-help')).toBeNull();
  });

  it('position unavailable: the message, buttons disabled, and Try again', async () => {
    stubGeolocation(2);
    const element = mount('', CONFIG);
    await vi.waitFor(() =>
      expect(text(geoMessage(element))).toBe('We cannot locate you at the moment'),
    );
    await vi.waitFor(() => expect(offered(element)).toEqual(['Sign On', 'Remote Fix']));
    expect(buttons(element).every((entry) => entry.disabled)).toBe(true);
    expect(descriptions(element)).toEqual([
      'Sign On and Remote Fix can be used once your phone finds your location (to check that you are at the site).',
    ]);
    expect(button(element, 'Try again')).toBeDefined();
  });

  it('a timeout is retried exactly once', async () => {
    const ask = stubGeolocation(3, north(30));
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(ask).toHaveBeenCalledTimes(2);

    const twice = stubGeolocation(3, 3, north(30));
    const again = mount('', CONFIG);
    await vi.waitFor(() =>
      expect(text(geoMessage(again))).toBe('We cannot locate you at the moment'),
    );
    expect(twice).toHaveBeenCalledTimes(2);
  });

  it('a site without coordinates (job 1005): not geocoded, buttons disabled, and why', async () => {
    stubGeolocation(north(0));
    document.body.innerHTML =
      '<fm-engineer-job data-job-id="1005" data-site-lat="" data-site-long=""></fm-engineer-job>';
    const element = document.body.querySelector('fm-engineer-job') as HTMLElement;
    await vi.waitFor(() =>
      expect(text(geoMessage(element))).toBe("This site hasn't been geocoded yet"),
    );
    await vi.waitFor(() => expect(offered(element)).toEqual(['Sign On', 'Remote Fix']));
    expect(buttons(element).every((entry) => entry.disabled)).toBe(true);
    const why =
      "Sign On and Remote Fix can be used once the site's location is recorded (to check that you are there): ask your office to add it.";
    expect(text(element.querySelector('.fm-engineer__actions + .fm-engineer__why'))).toBe(why);
    expect(descriptions(element)).toEqual([why]);
  });

  it('geo check disabled: buttons enabled even when far away', async () => {
    stubGeolocation(north(9000));
    const element = mount('data-geo-check="false"', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(text(geoMessage(element))).toBe('You are 5.6 miles from the site');
  });

  it('a bad coordinate is named inline', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubGeolocation(north(0));
    document.body.innerHTML =
      '<fm-engineer-job data-job-id="1004" data-site-lat="north" data-site-long="1"></fm-engineer-job>';
    await vi.waitFor(() =>
      expect(text(document.querySelector('.fm-error'))).toBe(
        'fm-engineer-job: data-site-lat must be a number (got "north")',
      ),
    );
  });

  it('a bad geo setting is named inline, from the page or the attribute', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubGeolocation(north(0));
    const element = mount('', { ...CONFIG, geoUnit: 'km' });
    await vi.waitFor(() =>
      expect(text(element)).toBe(
        'fm-engineer-job: Page configuration #fm-config: geoUnit must be one of K, N, M, miles (got "km")',
      ),
    );
    const again = mount('data-geo-max-distance="far"', CONFIG);
    await vi.waitFor(() =>
      expect(text(again)).toBe(
        'fm-engineer-job: data-geo-max-distance must be a number (got "far")',
      ),
    );
  });
});

describe('fm-engineer-job: actions (docs/requirements.md §4, §5, §7)', () => {
  it('Sign On: posts the position, spins 2000 ms, then shows Sign Off', async () => {
    const position = north(25, 12);
    stubGeolocation(position);
    const element = mount('', CONFIG);
    const signedOn = vi.fn();
    element.addEventListener('fm-signed-on', (event) => signedOn(event.detail));
    await ready(element, ['Sign On', 'Remote Fix']);

    button(element, 'Sign On').click();
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__switching')).not.toBeNull());
    expect(saves()[0]?.body).toEqual({
      id: null,
      job_id: 1004,
      geo: position,
      action: 'signon',
      action_id: expect.stringMatching(UUID),
    });
    expect(text(element.querySelector('.fm-engineer__message-text'))).toBe('You are signed on');
    // During the spinner no button contradicts the message: Sign On is not offered, nor yet
    // Sign Off (docs/requirements.md §4: the buttons switch after the spinner).
    expect(offered(element)).toEqual([]);
    expect(element.querySelector('.fm-engineer__why')).toBeNull();
    // (vi.waitFor itself advances fake time a little while it polls.)
    await vi.advanceTimersByTimeAsync(1500);
    expect(element.querySelector('.fm-engineer__switching')).not.toBeNull();
    expect(offered(element)).toEqual([]);
    expect(text(element.querySelector('.fm-engineer__message-text'))).toBe('You are signed on');
    await vi.advanceTimersByTimeAsync(500);
    await ready(element, ['Sign Off', 'Sign Off Complete']);
    expect(offered(element)).toEqual(['Sign Off', 'Sign Off Complete']);
    expect(element.querySelector('.fm-engineer__switching')).toBeNull();
    // The pressed button went away with the spinner: the focus is on the new first button.
    expect(document.activeElement).toBe(button(element, 'Sign Off'));
    expect(signedOn).toHaveBeenCalledWith(
      expect.objectContaining({ jobId: 1004, action: 'signon', siteTimeId: 77, replayed: false }),
    );

    // Sign Off closes the site time the sign on opened.
    button(element, 'Sign Off').click();
    await vi.waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.body).toMatchObject({ id: 77, action: 'signoff' });
    await vi.advanceTimersByTimeAsync(2000);
    await ready(element, ['Sign On', 'Remote Fix']);
  });

  it('while an action is sent: every button disabled, saying what it waits for', async () => {
    stubGeolocation(north(5));
    const answer = held();
    handler = (request, body) =>
      request.method === 'POST' ? answer.reply : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(element.querySelector('.fm-engineer__why')).toBeNull();
    button(element, 'Sign On').click();
    await vi.waitFor(() =>
      expect(buttons(element)).toEqual([
        { label: 'Sign On', disabled: true },
        { label: 'Remote Fix', disabled: true },
      ]),
    );
    expect(descriptions(element)).toEqual(['Sign On is being sent…']);
    answer.release(saved({ action: 'signon' }));
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__switching')).not.toBeNull());
    expect(offered(element)).toEqual([]);
  });

  it('the notes counter says how many more characters the rule needs, and is read out quietly', async () => {
    stubGeolocation(north(5));
    const element = mount('data-notes', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    const notes = element.querySelector('textarea') as HTMLTextAreaElement;
    const type = (value: string) => typeInto(notes, value);
    const counter = () => text(element.querySelector('.fm-engineer__notes .fm-field-hint'));
    const spoken = () => text(element.querySelector('.fm-visually-hidden[role="status"]'));

    // Before any typing the rule is on show, and nothing is read out (the live region waits).
    expect(counter()).toBe('More than 8 characters: 9 more');
    expect(element.querySelector('.fm-visually-hidden[role="status"]')).not.toBeNull();
    expect(spoken()).toBe('');

    type('Fan belt');
    await vi.waitFor(() => expect(counter()).toBe('More than 8 characters: 1 more'));
    // Exactly 8 is not enough: the rule is more than 8 (docs/requirements.md §5).
    expect(noteError('Fan belt')).not.toBeNull();
    // Spaces at either end do not count, as the rule does not count them.
    type('   Fan belt   ');
    await vi.waitFor(() => expect(counter()).toBe('More than 8 characters: 1 more'));
    expect(spoken()).toBe('');
    // Read out once the typing rests, not at each keystroke.
    await vi.waitFor(() => expect(spoken()).toBe('More than 8 characters: 1 more'), {
      timeout: 3000,
    });
    type('Fan belts');
    await vi.waitFor(() => expect(counter()).toBe('More than 8 characters: enough'));
    expect(spoken()).toBe('More than 8 characters: 1 more');
    await vi.waitFor(() => expect(spoken()).toBe('More than 8 characters: enough'), {
      timeout: 3000,
    });
    button(element, 'Sign On').click();
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({ note: 'Fan belts' });
  });

  it('the notes rule: a short note is refused with the message and a red border', async () => {
    stubGeolocation(north(5));
    const element = mount('data-notes', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    const notes = element.querySelector('textarea') as HTMLTextAreaElement;
    const type = (value: string) => typeInto(notes, value);

    type('12345678');
    button(element, 'Sign On').click();
    // The message is announced, and read with the field: the field is described by it.
    await vi.waitFor(() =>
      expect(text(element.querySelector('[role="alert"]'))).toBe(
        'You need to fill out the notes field (minimum 8 characters)',
      ),
    );
    const describedBy = () =>
      (notes.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => text(element.querySelector(`[id="${id}"]`)));
    // Read with the field: the counter says the rule the required message words loosely.
    expect(describedBy()).toEqual([
      'More than 8 characters: 1 more',
      'You need to fill out the notes field (minimum 8 characters)',
    ]);
    expect(notes.classList.contains('is-invalid')).toBe(true);
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(0);

    type('Arrived, checking the unit');
    await vi.waitFor(() => expect(notes.classList.contains('is-invalid')).toBe(false));
    expect(describedBy()).toEqual(['More than 8 characters: enough']);
    button(element, 'Sign On').click();
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({
      action: 'signon',
      note: 'Arrived, checking the unit',
    });
  });

  it("a server failure shows the server's message in the button message area", async () => {
    stubGeolocation(north(5));
    handler = (request, body) =>
      request.method === 'POST'
        ? json({ status: 'error', message: 'You are already signed on to this job' }, 400)
        : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    button(element, 'Sign On').click();
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__message [role="alert"]'))).toBe(
        'You are already signed on to this job',
      ),
    );
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(queued()).toEqual([]);
  });

  it('Sign Off Complete goes to /engineer/jobs after the spinner', async () => {
    stubGeolocation(north(5));
    handler = (request, body) =>
      request.method === 'GET' ? signedOnAs(55) : defaultHandler(request, body);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const element = mount('', CONFIG);
    const completed = vi.fn();
    element.addEventListener('fm-job-completed', (event) => completed(event.detail));
    await ready(element, ['Sign Off', 'Sign Off Complete']);
    button(element, 'Sign Off Complete').click();
    await vi.waitFor(() => expect(completed).toHaveBeenCalled());
    expect(saves()[0]?.body).toMatchObject({ id: 55, action: 'complete' });
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/engineer/jobs'));
  });

  it('a finished job (the lookup gives its status) offers no action and says why', async () => {
    stubGeolocation(north(5));
    handler = (request, body) =>
      request.method === 'GET'
        ? json({
            status: 'error',
            message: 'You are not signed on to this job',
            job_status_id: '8',
          })
        : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__finished'))).toBe(
        'This job is Complete: there is nothing more to record on it.',
      ),
    );
    expect(buttons(element)).toEqual([]);
    expect(element.querySelector('textarea')).toBeNull();
  });

  it('a finished job with location refused: no location message, no Try again, not even a request', async () => {
    const locate = stubGeolocation(1);
    handler = (request, body) =>
      request.method === 'GET'
        ? json({ status: 'error', message: 'You are not signed on to this job', job_status_id: 8 })
        : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__finished'))).toBe(
        'This job is Complete: there is nothing more to record on it.',
      ),
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(element.textContent).not.toContain('You must enable geo location to use this app');
    expect(element.textContent).not.toContain('Try again');
    expect(geoMessage(element)).toBeNull();
    expect(locate).not.toHaveBeenCalled();
  });

  it('a job not released yet (Awaiting Release) says so, not that it is finished', async () => {
    stubGeolocation(north(5));
    handler = (request, body) =>
      request.method === 'GET'
        ? json({ status: 'error', message: 'You are not signed on to this job', job_status_id: 4 })
        : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__finished'))).toBe(
        'This job is Awaiting Release: it is not released yet, so there is nothing to record on it until it is.',
      ),
    );
    expect(element.textContent).not.toContain('nothing more to record');
    expect(buttons(element)).toEqual([]);
  });

  it('after Sign Off Complete nothing is offered, not Sign On again', async () => {
    stubGeolocation(north(5));
    handler = (request, body) =>
      request.method === 'GET'
        ? json({ status: 'success', data: { SiteTime: { id: 55 } }, job_status_id: 6 })
        : defaultHandler(request, body);
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const element = mount('', CONFIG);
    await ready(element, ['Sign Off', 'Sign Off Complete']);
    button(element, 'Sign Off Complete').click();
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__finished')).not.toBeNull());
    expect(buttons(element)).toEqual([]);
  });

  it('a status the portal does not know leaves the buttons as docs/requirements.md §4 says', async () => {
    stubGeolocation(north(5));
    handler = (request, body) =>
      request.method === 'GET'
        ? json({ status: 'error', message: 'You are not signed on to this job', job_status_id: 40 })
        : defaultHandler(request, body);
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
  });

  it('Remote Fix goes to /engineer/jobs too', async () => {
    stubGeolocation(north(5));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const element = mount('', CONFIG);
    const fixed = vi.fn();
    element.addEventListener('fm-remote-fixed', (event) => fixed(event.detail));
    await ready(element, ['Sign On', 'Remote Fix']);
    button(element, 'Remote Fix').click();
    await vi.waitFor(() => expect(fixed).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/engineer/jobs'));
  });
});

describe('fm-engineer-job: the job state unknown (the lookup)', () => {
  it('before the lookup answers nothing is offered (nor the position asked): it says it is checking', async () => {
    const locate = stubGeolocation(north(5));
    const lookup = held();
    handler = (request, body) => (request.method === 'GET' ? lookup.reply : saved(body));
    const element = mount('data-notes', CONFIG);
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__lookup'))).toBe(
        'Checking whether you are signed on…',
      ),
    );
    expect(geoMessage(element)).toBeNull();
    expect(locate).not.toHaveBeenCalled();
    expect(buttons(element)).toEqual([]);
    expect(element.querySelector('textarea')).toBeNull();
    lookup.release(signedOnAs(55));
    await ready(element, ['Sign Off', 'Sign Off Complete']);
    expect(text(geoMessage(element))).toBe('You are 5 metres from the site');
    expect(element.querySelector('.fm-engineer__lookup')).toBeNull();
    expect(element.querySelector('textarea')).not.toBeNull();
  });

  it('a failed lookup offers no action: its message with Retry, and Retry asks again', async () => {
    stubGeolocation(north(5));
    let fails = true;
    handler = (request, body) =>
      request.method === 'GET'
        ? fails
          ? json({ status: 'error', message: 'The job could not be read' }, 503)
          : json({ status: 'success', data: { SiteTime: { id: 55 } }, job_status_id: 6 })
        : defaultHandler(request, body);
    const element = mount('data-notes', CONFIG);
    await vi.waitFor(() =>
      expect(text(element.querySelector('[role="alert"]'))).toBe('The job could not be read'),
    );
    // The job may be On Site: neither Sign On nor Remote Fix, nor any other action, is shown.
    expect(buttons(element)).toEqual([]);
    expect(element.querySelector('textarea')).toBeNull();
    expect(element.querySelector('.fm-engineer__finished')).toBeNull();
    expect([...element.querySelectorAll('button')].map((candidate) => text(candidate))).toEqual([
      'Retry',
    ]);

    // The one Retry look of every widget (src/ui/Alert.tsx).
    expect(button(element, 'Retry').className).toBe(RETRY_CLASSES);
    fails = false;
    button(element, 'Retry').click();
    await ready(element, ['Sign Off', 'Sign Off Complete']);
    expect(element.querySelector('[role="alert"]')).toBeNull();
  });

  it('a lookup that fails after an earlier answer withdraws the buttons too', async () => {
    stubGeolocation(north(15));
    storeQueue([waiting('signon')]);
    let lookups = 0;
    handler = (request, body) => {
      if (request.method === 'GET') {
        lookups += 1;
        return lookups === 1 ? notSignedOn() : json({ status: 'error', message: 'Down' }, 503);
      }
      return saved(body, 91);
    };
    const element = mount('', CONFIG);
    // The waiting sign on is sent, then the host is asked again, and that fails.
    await vi.waitFor(() => expect(queued()).toEqual([]));
    await vi.waitFor(() => expect(text(element.querySelector('[role="alert"]'))).toBe('Down'));
    expect(buttons(element)).toEqual([]);
    expect(lookups).toBeGreaterThan(1);
  });
});

describe('fm-engineer-job: no signal never loses an action', () => {
  it('keeps an unreachable action on the device and sends it with client_time when online', async () => {
    const position = north(15);
    stubGeolocation(position);
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    const queuedEvents = vi.fn();
    const signedOn = vi.fn();
    element.addEventListener('fm-action-queued', (event) => queuedEvents(event.detail));
    element.addEventListener('fm-signed-on', (event) => signedOn(event.detail));

    handler = () => 'offline';
    button(element, 'Sign On').click();
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__message-text'))).toBe(
        'Saved on this device, will send when connected',
      ),
    );
    const [entry] = queued();
    expect(entry).toMatchObject({ jobId: 1004, action: 'signon', siteTimeId: null, geo: position });
    // Kept under the id the live try was sent with: the host can tell a repeat.
    const [liveTry] = saves();
    expect(entry?.key).toMatch(UUID);
    expect(liveTry?.body).toMatchObject({ action_id: entry?.key });
    expect(queuedEvents).toHaveBeenCalledWith({
      jobId: 1004,
      action: 'signon',
      clientTime: entry?.clientTime,
    });
    expect(text(element.querySelector('.fm-engineer__queue'))).toMatch(
      /^Sign On at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: saved on this device, will send when connected$/,
    );
    // The screen follows the queued action.
    await vi.advanceTimersByTimeAsync(2000);
    await ready(element, ['Sign Off', 'Sign Off Complete']);

    // A second action queues behind the first, without trying the network first.
    const before = sent.length;
    button(element, 'Sign Off').click();
    await vi.waitFor(() => expect(queued()).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(2000);
    await ready(element, ['Sign On', 'Remote Fix']);
    expect(queued().map((item) => item.action)).toEqual(['signon', 'signoff']);
    expect(sent.length - before).toBeLessThanOrEqual(1);

    handler = defaultHandler;
    const replayedFrom = sent.length;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(queued()).toEqual([]));
    const replays = sent
      .slice(replayedFrom)
      .filter((request) => request.path === '/api/site_times/save');
    expect(replays.map((request) => request.body)).toEqual([
      expect.objectContaining({
        action: 'signon',
        client_time: entry?.clientTime,
        id: null,
        action_id: entry?.key,
      }),
      expect.objectContaining({ action: 'signoff', id: null }),
    ]);
    expect(signedOn).toHaveBeenCalledWith(expect.objectContaining({ replayed: true }));
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__queue')).toBeNull());
    expect(text(element.querySelector('.fm-engineer__message-text'))).toBe('You are signed off');
  });

  it('an answer lost after the host recorded it: sent again at once under the same id, shown as success', async () => {
    stubGeolocation(north(15));
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    // The host records the first try, but its answer never arrives.
    const recorded = new Set<unknown>();
    handler = (request, body) => {
      if (request.method === 'GET') return recorded.size > 0 ? signedOnAs(77) : notSignedOn();
      const repeat = recorded.has(body?.action_id);
      recorded.add(body?.action_id);
      return repeat ? saved(body) : 'offline';
    };
    button(element, 'Sign On').click();
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(saves()).toHaveLength(2));
    const [live, replay] = saves();
    expect(replay?.body?.action_id).toBe(live?.body?.action_id);
    expect(recorded.size).toBe(1);
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__message-text'))).toBe('You are signed on'),
    );
    expect(queued()).toEqual([]);
    await ready(element, ['Sign Off', 'Sign Off Complete']);
  });

  it('replays waiting actions when the page opens; a refused one stays with its message', async () => {
    stubGeolocation(north(15));
    storeQueue([
      waiting('signoff'),
      waiting('signon', { key: 'b', clientTime: '2026-03-02T09:05:00.000Z' }),
    ]);
    handler = (request, body) => {
      if (request.method === 'GET') return defaultHandler(request, body);
      return body?.action === 'signoff'
        ? json({ status: 'error', message: 'You are not signed on to this job' }, 400)
        : saved(body);
    };
    const element = mount('', CONFIG);
    await vi.waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves().map((request) => request.body?.client_time)).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-02T09:05:00.000Z',
    ]);
    const refused = await vi.waitFor(() => {
      const found = element.querySelector('.fm-engineer__queued--refused');
      if (!found) throw new Error('not shown yet');
      return found;
    });
    expect(text(refused)).toMatch(
      /^Sign Off at .+ was not accepted: You are not signed on to this job/,
    );
    expect(queued()).toEqual([expect.objectContaining({ key: 'a', refused: expect.any(String) })]);

    button(element, 'Dismiss').click();
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__queue')).toBeNull());
    expect(queued()).toEqual([]);
  });

  it('sends what was recorded on the device in the order it was recorded, actions and site times alike', async () => {
    stubGeolocation(north(15));
    const typedAt = (at: string, key: string) => ({
      key,
      jobId: 1004,
      madeAt: at,
      record: {
        kind: 'siteTime' as const,
        action: new URL('/site_times/add/1004', location.href).href,
        fields: [['SiteTime[on_site]', at]] as [string, string][],
        summary: at,
      },
    });
    // A site time typed before Sign Off Complete must reach the host while the job takes it.
    await outbox().add(typedAt('2026-03-02T09:00:00.000Z', 'typed-before'));
    storeQueue([waiting('complete', { clientTime: '2026-03-02T09:05:00.000Z' })]);
    await outbox().add(typedAt('2026-03-02T09:10:00.000Z', 'typed-after'));
    handler = (request, body) => {
      if (new URL(request.url).pathname === '/site_times/add/1004') {
        return json({ status: 'success', message: 'Site time saved', location: '/engineer/jobs' });
      }
      return defaultHandler(request, body);
    };
    mount('', CONFIG);
    const posts = () =>
      sent
        .filter((request) => request.method === 'POST')
        .map((request) => String(request.body?.['SiteTime[on_site]'] ?? request.body?.action));
    await vi.waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()).toEqual(['2026-03-02T09:00:00.000Z', 'complete', '2026-03-02T09:10:00.000Z']);
    for (const item of await outbox().list()) await outbox().dismiss(item.key);
  });

  it('says a job completed with no signal is Complete, its status moved on by what waits', async () => {
    stubGeolocation(north(15));
    storeQueue([waiting('complete')]);
    // The last lookup: signed on, On Site; the Sign Off Complete made since waits for a signal.
    handler = (request) =>
      request.method === 'GET'
        ? json({ status: 'success', data: { SiteTime: { id: 77 } }, job_status_id: 6 })
        : 'offline';
    const element = mount('', CONFIG);
    const said = await vi.waitFor(() => {
      const found = element.querySelector('.fm-engineer__finished');
      if (!found) throw new Error('not shown yet');
      return text(found);
    });
    expect(said).toBe('This job is Complete: there is nothing more to record on it.');
    expect(offered(element)).toEqual([]);
  });

  it('says so when Send now could not reach the host, and something still waits', async () => {
    stubGeolocation(north(15));
    storeQueue([waiting('signon')]);
    handler = (request, body) =>
      request.method === 'GET' ? defaultHandler(request, body) : 'offline';
    const element = mount('', CONFIG);
    const stillWaiting = () => text(element.querySelector('.fm-engineer__still-waiting'));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    await vi.waitFor(() => expect(button(element, 'Send now').disabled).toBe(false));
    expect(stillWaiting()).toBe('');
    button(element, 'Send now').click();
    await vi.waitFor(() => expect(saves()).toHaveLength(2));
    await vi.waitFor(() =>
      expect(stillWaiting()).toBe(
        'Not sent yet: could not reach the server. What waits is sent when connected.',
      ),
    );
    expect(element.querySelector('.fm-engineer__still-waiting')?.getAttribute('role')).toBe(
      'status',
    );
  });

  it('keeps a replay the server could not take (5xx) waiting, to try again', async () => {
    stubGeolocation(north(15));
    storeQueue([waiting('signon')]);
    handler = (request, body) =>
      request.method === 'GET'
        ? defaultHandler(request, body)
        : json({ status: 'error', message: 'Down' }, 503);
    const element = mount('', CONFIG);
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__queued')).not.toBeNull());
    expect(queued()).toEqual([expect.not.objectContaining({ refused: expect.anything() })]);
    // The screen follows the waiting sign on.
    await ready(element, ['Sign Off', 'Sign Off Complete']);
  });

  it('when another tab sends the waiting actions, asks the server again', async () => {
    stubGeolocation(north(15));
    storeQueue([waiting('signon')]);
    let serverSignedOn = false;
    handler = (request) =>
      request.method === 'GET'
        ? serverSignedOn
          ? signedOnAs(91)
          : notSignedOn()
        : json({ status: 'error', message: 'Down' }, 503);
    const element = mount('', CONFIG);
    await ready(element, ['Sign Off', 'Sign Off Complete']);
    const lookups = () => sent.filter((request) => request.method === 'GET').length;
    const before = lookups();

    // The other tab got through: the entry is gone and the server has the sign on.
    serverSignedOn = true;
    localStorage.removeItem(QUEUE_STORAGE_KEY);
    window.dispatchEvent(Object.assign(new Event('storage'), { key: QUEUE_STORAGE_KEY }));
    await vi.waitFor(() => expect(lookups()).toBe(before + 1));
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__queue')).toBeNull());
    await ready(element, ['Sign Off', 'Sign Off Complete']);
    button(element, 'Sign Off').click();
    await vi.waitFor(() => expect(saves().at(-1)?.body).toMatchObject({ id: 91 }));
  });

  it('on removal stops retrying: no request after an online event, no timer left', async () => {
    stubGeolocation(north(15));
    const element = mount('', CONFIG);
    await ready(element, ['Sign On', 'Remote Fix']);
    element.remove();
    await vi.waitFor(() => expect(element.childElementCount).toBe(0));
    const before = sent.length;
    storeQueue([waiting('signon', { geo: { lat: 1, long: 1, accuracy: 1 } })]);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.length).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("fm-engineer-job: the page's and the element's words", () => {
  it('shows and reads out the words given, its own and the job’s shared ones', async () => {
    stubGeolocation(north(120));
    const messages = {
      'engineerJob.actionSignOn': 'Anmelden',
      'engineerJob.distanceMetres': 'Noch {distance} Meter bis zum Einsatzort',
    };
    const element = mount(`data-notes data-messages='${JSON.stringify(messages)}'`, {
      ...CONFIG,
      messages: {
        'engineerJob.notes': 'Notizen',
        'job.noteTooShort': 'Die Notiz ist zu kurz',
      },
    });
    await ready(element, ['Anmelden', 'Remote Fix']);
    expect(text(geoMessage(element))).toBe('Noch 120 Meter bis zum Einsatzort');
    expect(geoMessage(element)?.getAttribute('role')).toBe('status');
    expect(text(element.querySelector('label'))).toContain('Notizen');
    typeInto(element.querySelector('textarea') as HTMLTextAreaElement, 'kurz');
    button(element, 'Anmelden').click();
    await vi.waitFor(() =>
      expect(text(element.querySelector('[role="alert"]'))).toBe('Die Notiz ist zu kurz'),
    );
  });

  it('tells how to allow location in the words given', async () => {
    stubGeolocation(1);
    const element = mount('', {
      ...CONFIG,
      messages: {
        'engineerJob.helpDenied': 'Standort erlauben',
        'engineerJob.tryAgain': 'Nochmal',
      },
    });
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__geo-help p'))).toBe('Standort erlauben'),
    );
    expect(button(element, 'Nochmal')).toBeDefined();
  });
});
