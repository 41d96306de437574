import { afterEach, describe, expect, it, vi } from 'vitest';
import { installLinkBridge } from '../../src/loader/bridge';

/** happy-dom's window is its own parent: pose as a framed page with a fake parent. */
function framedWindow(pathname = '/client/jobs/view/1001') {
  const parent = { postMessage: vi.fn() };
  history.replaceState(null, '', pathname);
  const win = new Proxy(window, {
    get: (target, key) => (key === 'parent' ? parent : Reflect.get(target, key, target)),
  });
  return { win, parent };
}

let uninstall = () => {};

afterEach(() => {
  uninstall();
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
    expect(parent.postMessage.mock.calls[0]?.[0]).toMatchObject({ portal: null });
  });

  it('posts even when a handler in the page stops the click', () => {
    const { win, parent } = framedWindow();
    uninstall = installLinkBridge(win, { parentOrigin: '' });
    document.body.innerHTML = '<a href="/jobs/edit/1">Edit</a>';
    const link = document.querySelector('a') as Element;
    link.addEventListener('click', (event) => event.stopPropagation());
    click(link);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
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
    expect(parent.postMessage).not.toHaveBeenCalled();
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
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
