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
  const path = document.createElement('code');
  path.textContent = data.path;
  item.append(path);
  list.append(item);
});
