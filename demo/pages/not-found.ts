import { html } from './html';
import { layout, type PageContext } from './layout';

export function notFoundPage(context: PageContext): string {
  return layout(
    context,
    'Page not found',
    html`<h1>Page not found</h1>
<p>There is no page at <code>${context.path}</code> on this host.</p>
<p><a href="/">Back to the gallery</a></p>`,
  );
}
