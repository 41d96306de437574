// The portal shell (a file, not an inline script: the page's Content-Security-Policy runs scripts
// from this origin only). It speaks the link bridge's messages with the framed page
// (docs/portal.md), at the framed page's origin only, both ways: it lists each link the frame
// posts, sizes the frame to the content height it posts, and tells it which part of it is on
// screen. Other origins, other windows and other types are ignored.

const list = document.getElementById('posted-links');
const frame = document.querySelector('iframe.portal-frame');
const frameOrigin = list.dataset.origin;

window.addEventListener('message', (event) => {
  if (event.origin !== frameOrigin) return;
  const data = event.data;
  // A link's message can arrive after the frame has followed the link: the page that sent it is
  // gone by then, and the event names no window (Chromium's `source` is null). From the frame's
  // origin and no other window, it is still the frame's click. Anything else must come from the
  // frame's window as it is now.
  const fromFrame = event.source === frame.contentWindow;
  if (!fromFrame && event.source !== null) return;
  if (data?.type === 'fm:navigate' && typeof data.path === 'string') listLink(data);
  if (!fromFrame) return;
  if (data?.type === 'fm:height' && Number.isFinite(data.height) && data.height >= 0) {
    fitFrame(data.height);
  }
});

function listLink(data) {
  const item = document.createElement('li');
  // The badge names the framed page's portal; a page outside both portals (portal null) has none.
  if (data.portal === 'client' || data.portal === 'contractor') {
    const portal = document.createElement('span');
    portal.className = 'badge badge-muted';
    portal.textContent = data.portal;
    item.append(portal, ' ');
  }
  // The path as posted, word by word: a line breaks after an encoded space (%20), not inside a
  // word ("Leeds%20Bri|ggate"); a token with no space still wraps when it is wider than the list.
  const path = document.createElement('code');
  path.className = 'portal-log__path';
  data.path.split(/(?<=%20)/).forEach((part, index) => {
    if (index > 0) path.append(document.createElement('wbr'));
    path.append(part);
  });
  item.append(path);
  list.append(item);
}

/** The frame as tall as its content, so the page has one scroll bar, not two. */
function fitFrame(contentHeight) {
  const borderBox = getComputedStyle(frame).boxSizing === 'border-box';
  const borders = borderBox ? frame.offsetHeight - frame.clientHeight : 0;
  frame.style.height = `${contentHeight + borders}px`;
  tellVisiblePart();
}

/**
 * Posts the part of the frame on screen, in the frame's own coordinates, so that a dialog in it
 * opens where the user looks rather than at the top of a frame taller than the screen.
 */
function tellVisiblePart() {
  const box = frame.getBoundingClientRect();
  const frameTop = box.top + frame.clientTop;
  const screen = window.visualViewport;
  const screenTop = screen ? screen.offsetTop : 0;
  const screenBottom = screen ? screen.offsetTop + screen.height : window.innerHeight;
  const top = Math.max(0, screenTop - frameTop);
  const bottom = Math.min(frame.clientHeight, screenBottom - frameTop);
  if (bottom <= top) return;
  frame.contentWindow.postMessage({ type: 'fm:viewport', top, height: bottom - top }, frameOrigin);
}

for (const [target, type] of [
  [window, 'scroll'],
  [window, 'resize'],
  [window.visualViewport, 'scroll'],
  [window.visualViewport, 'resize'],
  [frame, 'load'],
]) {
  target?.addEventListener(type, tellVisiblePart, { passive: true });
}
tellVisiblePart();
