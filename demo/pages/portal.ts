import { html } from './html';
import { layout, type PageContext, pageScript } from './layout';

/**
 * The portal shell that frames a client page, as the legacy portal does (docs/portal.md). The framed
 * page posts `{ type: 'fm:navigate', path, portal }` for each link clicked, which the shell lists,
 * and `{ type: 'fm:height', height }`, to which the shell sizes the frame; the shell tells the frame
 * which part of it is on screen (`fm:viewport`). Messages from any other origin, or of any other
 * type, are ignored.
 */
export function portalPage(context: PageContext, origin: string, framedPath: string): string {
  return layout(
    context,
    'Portal',
    html`<h1>Portal shell</h1>
<p class="lead">The page below runs inside an iframe, as tall as its content. Clicking a link in it
posts the link to this page, which lists it here.</p>
<div class="portal">
<iframe class="portal-frame" src="${framedPath}" allow="geolocation" title="Client job page inside the portal"></iframe>
<section class="card portal-log" aria-labelledby="posted-links-heading">
<h2 id="posted-links-heading">Links posted by the framed page</h2>
<ol id="posted-links" aria-live="polite" data-origin="${origin}"></ol>
</section>
</div>
${pageScript(context, 'portal.js')}`,
  );
}
