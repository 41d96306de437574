import { html } from './html';
import { forIntegrators, layout, type PageContext } from './layout';

export type TileSummary = { id: number; title: string };

export function dashboardPage(context: PageContext, tiles: readonly TileSummary[]): string {
  return layout(
    context,
    'Dashboard',
    html`<h1>Dashboard</h1>
<p class="lead">The jobs that need you, counted. A tile's refresh button counts again now.</p>
${forIntegrators(html`<p>Each tile shows the count cached by the host (<code>GET /dashboards/fetch/{id}</code>),
counted again once a job, cost or site time has changed, and when it was counted (<code>counted_at</code>);
its refresh button recounts from the database (<code>GET /dashboards/fetch/{id}/false</code>).</p>`)}
<div class="tiles">
${tiles.map(
  (tile) => html`<section class="tile-slot" aria-label="${tile.title}">
<fm-dashboard-tile data-tile-id="${tile.id}" data-tile-title="${tile.title}"></fm-dashboard-tile>
</section>`,
)}
</div>`,
  );
}
