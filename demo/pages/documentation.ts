import { withSiteId } from '../../src/core/routes';
import { html } from './html';
import { layout, type PageContext } from './layout';

/** The documents every site keeps, by their number in `/documentation/view/{siteId}/{n}`. */
export const SITE_DOCUMENTS: Record<number, string> = {
  1: 'Asbestos register',
  2: 'Fire risk assessment',
  3: 'Gas safety certificate',
};

/** /documentation/view/{siteId}/{n}: one document of a site, linked from its documentation list. */
export function documentPage(
  context: PageContext,
  site: { id: number; name: string },
  title: string,
): string {
  return layout(
    context,
    `${title} · ${site.name}`,
    html`<p><a href="${withSiteId('/documentation', site.id)}">← Documentation of ${site.name}</a></p>
<h1>${title}</h1>
<section class="card" aria-label="Document">
<dl class="summary">
<dt>Site</dt><dd>${site.name}</dd>
<dt>Document</dt><dd>${title}</dd>
</dl>
<p class="text-muted">The reference host keeps no files: in the portal, the document opens here.</p>
</section>`,
  );
}
