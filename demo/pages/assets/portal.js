// The portal shell lists each link the framed page posts (a file, not an inline script: the page's
// Content-Security-Policy runs scripts from this origin only). Other origins and types are ignored.

const list = document.getElementById('posted-links');
const expectedOrigin = list.dataset.origin;
window.addEventListener('message', (event) => {
  if (event.origin !== expectedOrigin) return;
  const data = event.data;
  if (data?.type !== 'fm:navigate' || typeof data.path !== 'string') return;
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
});
