import {
  assetCategoryRowsPath,
  assetCategorySavePath,
  linkingRowsPath,
  linkingSavePath,
} from '../../src/core/contract';
import { html } from './html';
import { layout, type PageContext } from './layout';

export type SiteSummary = { id: number; name: string };

/** A site's priority and contractor links (fm-linking-table). */
export function siteLinkingPage(context: PageContext, site: SiteSummary, userId: number): string {
  return layout(
    context,
    `Links of ${site.name}`,
    html`<h1>Priorities and contractors of ${site.name}</h1>
<p class="lead">Which contractor attends each priority at this site, the most a job may cost
without approval, and the hours allowed to fix it. Save stores every link, then the table says
how many it changed.</p>
<fm-linking-table data-source-url="${linkingRowsPath({ model: 'Site', siteId: site.id })}"
  data-save-url="${linkingSavePath()}" data-model="Site" data-site-id="${site.id}"
  data-user-id="${userId}"></fm-linking-table>`,
  );
}

/** Equipment models linked to asset categories (fm-asset-category-linking). */
export function assetCategoryLinkingPage(context: PageContext): string {
  return layout(
    context,
    'Asset categories',
    html`<h1>Asset categories of equipment models</h1>
<p class="lead">The asset category each model belongs to; primary categories are offered first.</p>
<fm-asset-category-linking data-source-url="${assetCategoryRowsPath('Model')}"
  data-save-url="${assetCategorySavePath()}" data-model="Model"></fm-asset-category-linking>`,
  );
}
