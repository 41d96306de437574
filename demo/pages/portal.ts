import { html } from './html';
import { layout, type PageContext } from './layout';

/**
 * The portal shell that frames a client page, as the legacy portal does. The framed page posts
 * `{ type: 'fm:navigate', path, portal }` for each link clicked; the shell lists them. Messages from
 * any other origin, or of any other type, are ignored.
 */
export function portalPage(context: PageContext, origin: string, framedPath: string): string {
  return layout(
    context,
    'Portal',
    html`<h1>Portal shell</h1>
<p class="lead">The page below runs inside an iframe. Clicking a link in it posts the link to this
page, which lists it here.</p>
<div class="portal">
<iframe class="portal-frame" src="${framedPath}" allow="geolocation" title="Client job page inside the portal"></iframe>
<section class="card portal-log" aria-labelledby="posted-links-heading">
<h2 id="posted-links-heading">Links posted by the framed page</h2>
<ol id="posted-links" aria-live="polite" data-origin="${origin}"></ol>
</section>
</div>
<script>
(() => {
  const list = document.getElementById('posted-links');
  const expectedOrigin = list.dataset.origin;
  window.addEventListener('message', (event) => {
    if (event.origin !== expectedOrigin) return;
    const data = event.data;
    if (!data || data.type !== 'fm:navigate' || typeof data.path !== 'string') return;
    const item = document.createElement('li');
    const portal = document.createElement('span');
    portal.className = 'badge badge-muted';
    portal.textContent = String(data.portal);
    const path = document.createElement('code');
    path.textContent = data.path;
    item.append(portal, ' ', path);
    list.append(item);
  });
})();
</script>`,
  );
}
