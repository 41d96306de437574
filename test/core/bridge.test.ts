import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeViewport, installLinkBridge } from '../../src/loader/bridge';

/** happy-dom's ResizeObserver observes nothing: this one is called by the test. */
class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  observed: Element[] = [];
  constructor(readonly resized: () => void) {
    FakeResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.observed = [];
  }
}

/**
 * happy-dom's window is its own parent: pose as a framed page with a fake parent, and a
 * ResizeObserver the test calls.
 */
function framedWindow(pathname = '/client/jobs/view/1001') {
  const parent = { postMessage: vi.fn() };
  history.replaceState(null, '', pathname);
  const fakes: Record<PropertyKey, unknown> = { parent, ResizeObserver: FakeResizeObserver };
  const win = new Proxy(window, {
    get: (target, key) => (key in fakes ? fakes[key] : Reflect.get(target, key, target)),
  });
  return { win, parent };
}

/** Only the link messages: the height is posted too, at once and on each change. */
function navigations(parent: { postMessage: ReturnType<typeof vi.fn> }) {
  return parent.postMessage.mock.calls.filter(([message]) => message.type === 'fm:navigate');
}

let uninstall = () => {};

afterEach(() => {
  uninstall();
  FakeResizeObserver.all = [];
  vi.restoreAllMocks();
});

function click(target: Element, init: MouseEventInit = {}) {
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
}

describe('installLinkBridge', () => {
  it('posts the path and portal of a clicked link to the configured parent origin', () => {
    const { win, parent } = framedWindow('/client/jobs/view/1001');
    uninstall = installLinkBridge(win, { parentOrigin: 'https://portal.example.com' });
    document.body.innerHTML = '<a href="/client/jobs/view/1002?tab=costs#top"><b>Job</b></a>';
    click(document.querySelector('b') as Element);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'fm:navigate', path: '/client/jobs/view/1002?tab=costs#top', portal: 'client' },
      'https://portal.example.com',
    );
  });

  it("uses the page's own origin when no parent origin is configured, never '*'", () => {
    const { win, parent } = framedWindow('/contractor/jobs/view/1');
    uninstall = installLinkBridge(win, { parentOrigin: '' });
    document.body.innerHTML = '<a href="/jobs/edit/1">Edit</a>';
    click(document.querySelector('a') as Element);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'fm:navigate', path: '/jobs/edit/1', portal: 'contractor' },
      location.origin,
    );
  });

  it('posts a null portal outside /client and /contractor', () => {
    const { win, parent } = framedWindow('/dashboard');
    uninstall = installLinkBridge(win, { parentOrigin: '' });
    document.body.innerHTML = '<a href="/engineer/jobs">Jobs</a>';
    click(document.querySelector('a') as Element);
    expect(navigations(parent)[0]?.[0]).toMatchObject({ portal: null });
  });

  it('posts even when a handler in the page stops the click', () => {
    const { win, parent } = framedWindow();
    uninstall = installLinkBridge(win, { parentOrigin: '' });
    document.body.innerHTML = '<a href="/jobs/edit/1">Edit</a>';
    const link = document.querySelector('a') as Element;
    link.addEventListener('click', (event) => event.stopPropagation());
    click(link);
    expect(navigations(parent)).toHaveLength(1);
  });

  it('ignores modified and non-primary clicks, fragments, non-http links and non-links', () => {
    const { win, parent } = framedWindow();
    uninstall = installLinkBridge(win, { parentOrigin: '' });
    document.body.innerHTML = `
      <a id="job" href="/jobs/edit/1">Edit</a>
      <a id="hash" href="#details">Details</a>
      <a id="script" href="javascript:void(0)">Nothing</a>
      <a id="mail" href="mailto:help@example.com">Mail</a>
      <a id="bare">No href</a>
      <span id="text">text</span>`;
    const job = document.getElementById('job') as Element;
    click(job, { ctrlKey: true });
    click(job, { metaKey: true });
    click(job, { shiftKey: true });
    click(job, { altKey: true });
    click(job, { button: 1 });
    for (const id of ['hash', 'script', 'mail', 'bare', 'text']) {
      click(document.getElementById(id) as Element);
    }
    expect(navigations(parent)).toEqual([]);
  });

  it('posts nothing outside an iframe', () => {
    const postMessage = vi.spyOn(window, 'postMessage');
    uninstall = installLinkBridge(window, { parentOrigin: '' });
    document.body.innerHTML = '<a href="/jobs/edit/1">Edit</a>';
    click(document.querySelector('a') as Element);
    expect(postMessage).not.toHaveBeenCalled();
    postMessage.mockRestore();
  });

  it('stops posting once uninstalled', () => {
    const { win, parent } = framedWindow();
    installLinkBridge(win, { parentOrigin: '' })();
    document.body.innerHTML = '<a href="/jobs/edit/1">Edit</a>';
    click(document.querySelector('a') as Element);
    expect(navigations(parent)).toEqual([]);
  });
});

describe('the content height and the visible part', () => {
  const PORTAL = 'https://portal.example.com';
  const root = document.documentElement;

  function contentHeight(height: number) {
    vi.spyOn(root, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 360, height));
  }

  function tell(data: unknown, init: MessageEventInit = {}) {
    window.dispatchEvent(new MessageEvent('message', { data, origin: PORTAL, ...init }));
  }

  function visiblePart() {
    return [
      root.style.getPropertyValue('--fm-visible-top'),
      root.style.getPropertyValue('--fm-visible-height'),
    ];
  }

  function heights(parent: { postMessage: ReturnType<typeof vi.fn> }) {
    return parent.postMessage.mock.calls.filter(([message]) => message.type === 'fm:height');
  }

  it('posts the height of <html> at once and when it changes, to the parent origin only', () => {
    const { win, parent } = framedWindow();
    contentHeight(1499.5);
    uninstall = installLinkBridge(win, { parentOrigin: PORTAL });
    const [observer] = FakeResizeObserver.all;
    expect(observer?.observed).toEqual([root]);
    observer?.resized();
    contentHeight(1700);
    observer?.resized();
    expect(heights(parent)).toEqual([
      [{ type: 'fm:height', height: 1500 }, PORTAL],
      [{ type: 'fm:height', height: 1700 }, PORTAL],
    ]);
  });

  it('sets the visible part on <html> from the parent, and posts the height again once', () => {
    const { win, parent } = framedWindow();
    contentHeight(1500);
    uninstall = installLinkBridge(win, { parentOrigin: PORTAL });
    expect(visiblePart()).toEqual(['', '']);
    tell({ type: 'fm:viewport', top: 120.5, height: 505 }, { source: parent as never });
    expect(visiblePart()).toEqual(['120.5px', '505px']);
    tell({ type: 'fm:viewport', top: 300, height: 740 }, { source: parent as never });
    expect(visiblePart()).toEqual(['300px', '740px']);
    // A parent whose script ran late missed the first height: the first viewport has it again.
    expect(heights(parent)).toHaveLength(2);
  });

  it('ignores a viewport from another origin, another window or of a bad shape', () => {
    const { win, parent } = framedWindow();
    uninstall = installLinkBridge(win, { parentOrigin: PORTAL });
    const good = { type: 'fm:viewport', top: 10, height: 500 };
    tell(good, { source: parent as never, origin: 'https://evil.example.com' });
    tell(good, { source: parent as never, origin: location.origin });
    tell(good, { source: window as never });
    tell(good);
    for (const bad of [
      null,
      'fm:viewport',
      [good],
      { ...good, type: 'fm:height' },
      { ...good, top: '10' },
      { ...good, top: -1 },
      { ...good, height: 0 },
      { ...good, height: Number.NaN },
      { ...good, height: Number.POSITIVE_INFINITY },
      { ...good, height: 1e7 },
      { type: 'fm:viewport', top: 10 },
    ]) {
      tell(bad, { source: parent as never });
    }
    expect(visiblePart()).toEqual(['', '']);
  });

  it("hears the page's own origin when no parent origin is configured", () => {
    const { win, parent } = framedWindow();
    uninstall = installLinkBridge(win, { parentOrigin: '' });
    tell({ type: 'fm:viewport', top: 0, height: 400 }, { source: parent as never });
    expect(visiblePart()).toEqual(['', '']);
    tell(
      { type: 'fm:viewport', top: 0, height: 400 },
      { source: parent as never, origin: location.origin },
    );
    expect(visiblePart()).toEqual(['0px', '400px']);
  });

  it('once uninstalled, observes nothing, hears nothing and leaves <html> as it was', () => {
    const { win, parent } = framedWindow();
    uninstall = installLinkBridge(win, { parentOrigin: PORTAL });
    tell({ type: 'fm:viewport', top: 10, height: 500 }, { source: parent as never });
    uninstall();
    expect(FakeResizeObserver.all[0]?.observed).toEqual([]);
    expect(visiblePart()).toEqual(['', '']);
    tell({ type: 'fm:viewport', top: 20, height: 600 }, { source: parent as never });
    expect(visiblePart()).toEqual(['', '']);
    expect(root.getAttribute('style') ?? '').toBe('');
  });

  it('outside an iframe, hears no viewport', () => {
    uninstall = installLinkBridge(window, { parentOrigin: '' });
    tell({ type: 'fm:viewport', top: 0, height: 400 }, { source: window as never });
    expect(visiblePart()).toEqual(['', '']);
  });
});

describe('decodeViewport', () => {
  it('reads a type, a top and a height, and drops any other key', () => {
    expect(decodeViewport({ type: 'fm:viewport', top: 0, height: 1, extra: 'x' })).toEqual({
      type: 'fm:viewport',
      top: 0,
      height: 1,
    });
    expect(decodeViewport(undefined)).toBeNull();
    expect(decodeViewport({ type: 'fm:viewport', top: 0, height: true })).toBeNull();
  });
});
