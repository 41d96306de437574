import { type Html, html } from './html';
import { layout, type PageContext } from './layout';

type Element = {
  tag: string;
  does: string;
  /** The reference host's pages that show the element. */
  pages: string[];
  /** Markup embedded in the gallery once the element exists. */
  sample?: Html;
};

/** Every element (docs/architecture.md). */
export const CATALOGUE: Element[] = [
  {
    tag: 'fm-cost-approval',
    does: 'Cost approval button and modal: job summary, cost tables, approve or decline, authoriser for quotes, capex validation, release, reject and forward for jobs awaiting release, Create Quotation, asset history, purchase order lookup and engineer assignment.',
    pages: ['/client/jobs/view/1001', '/client/jobs/view/1002', '/client/jobs/view/1003'],
    sample: html`<fm-cost-approval data-job-id="1001" data-external-job-id="55001"></fm-cost-approval>`,
  },
  {
    tag: 'fm-alternative-quote',
    does: 'Alternative quote form for site surveyors: a description and up to three contractors.',
    pages: ['/client/jobs/view/1002'],
    sample: html`<fm-alternative-quote data-job-id="1002"></fm-alternative-quote>`,
  },
  {
    tag: 'fm-linking-table',
    does: 'Priorities and contractors linked per site or asset, with not-to-exceed, time to fix, non-working hours and active flags.',
    pages: ['/linking/sites/1'],
  },
  {
    tag: 'fm-asset-category-linking',
    does: 'Links equipment models and problem types to asset categories.',
    pages: ['/linking/asset_categories'],
  },
  {
    tag: 'fm-data-table',
    does: 'Server-paged table, 100 rows a page, with sorting and a 400 ms search delay.',
    pages: ['/client/jobs', '/contractor/jobs'],
  },
  {
    tag: 'fm-budget-spend',
    does: 'Budget versus spend with CSV export, an 800 px scroll height and three frozen columns.',
    pages: ['/reports/budget_spend'],
  },
  {
    tag: 'fm-budget-records',
    does: 'Budget records filtered by surveyor, fascias, category and scope, exported as CSV.',
    pages: ['/reports/budget_records'],
  },
  {
    tag: 'fm-compliance',
    does: 'Compliance table with doughnut charts in the four status colours.',
    pages: ['/reports/compliance'],
  },
  {
    tag: 'fm-dashboard-tile',
    does: 'A dashboard tile: title, count, when it was counted, and a refresh button that recounts from the database.',
    pages: ['/dashboard'],
    sample: html`<fm-dashboard-tile data-tile-id="1" data-tile-title="Jobs awaiting release"></fm-dashboard-tile>`,
  },
  {
    tag: 'fm-engineer-job',
    does: 'Engineer screen: distance to the site, sign on, sign off, complete, remote fix and notes.',
    pages: ['/engineer/jobs/1004'],
  },
  {
    tag: 'fm-site-time-form',
    does: 'Site time form with a remote-fix checkbox that fills and locks the times.',
    pages: ['/engineer/jobs/1004'],
  },
  {
    tag: 'fm-password-form',
    does: 'Password change with a live checklist of the password rules.',
    pages: ['/users/password'],
  },
  {
    tag: 'fm-cost-form',
    does: 'Cost add form: duplicate invoice check, values to two decimals, "Saving..." on submit.',
    pages: ['/client/jobs/view/1006'],
  },
  {
    tag: 'fm-user-form',
    does: 'User form: quote authorisation limit and the capex approver flag it unlocks.',
    pages: ['/users/edit/2'],
  },
  {
    tag: 'fm-upload',
    does: 'Drop zone that uploads photos for a job and its site.',
    pages: ['/client/jobs/view/1004', '/client/jobs/view/1006'],
  },
  {
    tag: 'fm-nav',
    does: 'Top navigation with dropdown submenus (250 ms show, 500 ms hide); one Menu button on a phone.',
    pages: ['/'],
  },
  {
    tag: 'fm-autocomplete',
    does: 'Autocomplete input: from two characters, with filters; with data-multiple, on the last comma-separated term.',
    pages: [],
    sample: html`<fm-autocomplete data-source="/api/sites/autocomplete" data-label="Site" data-id-target="gallery-site-id"></fm-autocomplete><input type="hidden" id="gallery-site-id">`,
  },
  {
    tag: 'fm-date-input',
    does: 'Date (YYYY-MM-DD) or date-time (DD/MM/YYYY HH:mm) picker.',
    pages: [],
    sample: html`<fm-date-input data-label="Due date" data-name="due"></fm-date-input><fm-date-input data-mode="datetime" data-label="Attended at" data-name="attended"></fm-date-input>`,
  },
  {
    tag: 'fm-site-switcher',
    does: 'Documentation site switcher: goes to the current path ending /site_id:{id}.',
    pages: ['/documentation'],
  },
  {
    tag: 'fm-flash',
    does: 'Dismissible danger alert for a flash message.',
    pages: ['/users/password'],
    sample: html`<fm-flash>The job could not be saved. Please try again.</fm-flash>`,
  },
  {
    tag: 'fm-report',
    does: 'Embedded analytics: reports, dashboards, tiles, Q&A and paginated reports with host-controlled filters.',
    pages: ['/analytics'],
  },
];

export type GalleryOptions = {
  /** Tags whose element is built (widgets/<name>/ exists). */
  builtTags: ReadonlySet<string>;
  /** Whether this host serves a page path. */
  isServed: (path: string) => boolean;
  /** The words the widgets may speak here, and the one chosen (demo/server/words.ts). */
  words: { chosen: string; choices: readonly { value: string; name: string }[] };
};

/**
 * The switch of the widgets' words, for every page of this host: a native form, as a host's
 * settings page would be (docs/words.md).
 */
function wordsSwitch(context: PageContext, words: GalleryOptions['words']): Html {
  return html`<form class="card words-switch" id="words" method="post" action="/words">
<h2>The widgets’ words</h2>
<p>A host may give any of the widgets’ words its own text, or a language of its own, in the page
configuration (<code>docs/words.md</code>). Try a host’s own words (“No
purchase order found” in the cost dialog, “Write more than 8 characters in the notes” on the
engineer’s screen), or the pseudo-locale, which accents and lengthens every word the widgets show: on
every page, a text without its brackets is the host’s own.</p>
<input type="hidden" name="_csrfToken" value="${context.csrfToken}">
<label for="words-choice">Words on every page</label>
<select class="form-control form-select" id="words-choice" name="words">
${words.choices.map(
  ({ value, name }) =>
    html`<option value="${value}"${value === words.chosen ? ' selected' : ''}>${name}</option>`,
)}
</select>
<button type="submit" class="btn btn-primary">Use these words</button>
</form>`;
}

/** Which elements run on the gallery itself: the others are seen only on their pages. */
function liveNote(live: readonly Element[]): Html {
  if (live.length === 0) return html`None of them runs here: follow the links to see them.`;
  return html`${live.length} of them also run here, below their description (${live.map(
    (element, index) =>
      html`${index > 0 ? ', ' : ''}<a href="#${element.tag}"><code>&lt;${element.tag}&gt;</code></a>`,
  )}); the others need a page's own data: follow their links.`;
}

export function galleryPage(context: PageContext, options: GalleryOptions): string {
  const live = CATALOGUE.filter((element) => element.sample && options.builtTags.has(element.tag));
  return layout(
    context,
    'Gallery',
    html`<h1>Widget gallery</h1>
<p class="lead">Every custom element of the portal, what it does, and the pages that show it.
${liveNote(live)}</p>
${wordsSwitch(context, options.words)}
<ul class="catalogue">
${CATALOGUE.map((element) => {
  const built = options.builtTags.has(element.tag);
  return html`<li class="card" id="${element.tag}">
<h2><code>&lt;${element.tag}&gt;</code> <span class="badge ${built ? 'badge-success' : 'badge-muted'}">${built ? 'built' : 'not built yet'}</span></h2>
<p>${element.does}</p>
${
  element.pages.length > 0
    ? html`<p>Shown on: ${element.pages.map(
        (path, index) =>
          html`${index > 0 ? ', ' : ''}${options.isServed(path) ? html`<a href="${path}">${path}</a>` : html`<code>${path}</code>`}`,
      )}</p>`
    : ''
}
${built && element.sample ? html`<div class="sample">${element.sample}</div>` : ''}
</li>`;
})}
</ul>`,
  );
}
