import { randomBytes } from 'node:crypto';
import type { Manifest } from '../../scripts/bundle-manifest.mjs';
import { type BootstrapVersion, bootstrapStylesheet } from '../server/bootstrap';
import type { Flash } from '../server/flash';
import { hostAsset } from './host-assets';
import { type Html, html, scriptJson } from './html';
import { dataPreloads, earlyScripts, modulePreloads, tagsIn } from './preloads';

export type PageContext = {
  csrfToken: string;
  /** The #fm-config object (README "Page configuration"). */
  config: Record<string, unknown>;
  /** The request path, to mark the current navigation entry. */
  path: string;
  /** The message flashed by the previous request (CakePHP's Flash). */
  flash?: Flash | null;
  /** dist/manifest.json, for the modulepreload links of the page's tags. */
  manifest?: Manifest;
  /** The answer's CSP script nonce under the nonce policy (demo/server/csp.ts). */
  nonce?: string;
  /** The real Bootstrap the host is styled with (`--bootstrap=N`); its own host.css when undefined. */
  bootstrap?: BootstrapVersion;
  /** What the host says is the session, for the pages kept on the device (docs/offline.md). */
  session?: string;
  /**
   * The page is opened in a portal's frame (/portal, docs/portal.md): its own header and footer are
   * left out, as a CakePHP app renders a framed page in a bare layout; the portal is the chrome.
   */
  framed?: boolean;
};

type NavLink = [href: string, label: string];

/**
 * ` nonce="…"` for a script or modulepreload under the nonce policy, where only what carries the
 * answer's nonce runs; nothing under `script-src 'self'`.
 */
export function nonceAttribute(context: PageContext): Html | '' {
  return context.nonce ? html` nonce="${context.nonce}"` : '';
}

/** A page's own script (`demo/pages/assets/`), run under either policy. */
export function pageScript(context: PageContext, name: string): Html {
  return html`<script type="module"${nonceAttribute(context)} src="${hostAsset(name)}"></script>`;
}

/**
 * The top navigation, as fm-nav reads it: a link, or a label with a submenu. Every page of the
 * host is reachable from it, a job view and an engineer screen through a sample job.
 */
const NAVIGATION: (NavLink | [label: string, items: NavLink[]])[] = [
  ['/dashboard', 'Dashboard'],
  [
    'Jobs',
    [
      ['/client/jobs', 'All jobs'],
      ['/contractor/jobs', 'Jobs (contractor)'],
      ['/client/jobs/view/1001', 'Job 1001: awaiting release'],
      ['/client/jobs/view/1002', 'Job 1002: quote to approve'],
      ['/client/jobs/view/1006', 'Job 1006: add a cost'],
      ['/contractor/jobs/view/1004', 'Job 1004 (contractor)'],
    ],
  ],
  [
    'Engineer',
    [
      ['/engineer/jobs', 'My jobs'],
      ['/engineer/jobs/1004', 'Job 1004: sign on'],
    ],
  ],
  [
    'Reports',
    [
      ['/reports/budget_spend', 'Budget versus spend'],
      ['/reports/budget_records', 'Budget records'],
      ['/reports/compliance', 'Compliance'],
      ['/analytics', 'Analytics'],
    ],
  ],
  [
    'Admin',
    [
      ['/users/index', 'Users'],
      ['/sites/index', 'Sites'],
      ['/assets/index', 'Assets'],
      ['/linking/sites/1', 'Site links: priorities and contractors'],
      ['/linking/asset_categories', 'Asset categories'],
      ['/users/edit/2', 'Edit a user'],
      ['/users/password', 'Change password'],
    ],
  ],
  ['/documentation', 'Documentation'],
  [
    'Demo',
    [
      ['/', 'Widget gallery'],
      ['/portal', 'Portal shell'],
    ],
  ],
];

function navLink([href, label]: NavLink, path: string): Html {
  return html`<li><a class="nav-link" href="${href}"${path === href ? html` aria-current="page"` : ''}>${label}</a></li>`;
}

/** Notes for the developers of a host, collapsed under the user's text (words for users). */
export function forIntegrators(notes: Html): Html {
  return html`<details class="integrators"><summary>For integrators</summary>${notes}</details>`;
}

/** A danger flash is fm-flash (docs/requirements.md §8); a success one a status line. */
function flashMessage(flash: Flash | null | undefined): Html | string {
  if (!flash) return '';
  return flash.kind === 'danger'
    ? html`<fm-flash>${flash.message}</fm-flash>`
    : html`<p class="alert alert-success" role="status">${flash.message}</p>`;
}

/**
 * Whether the host offers light and dark: with its own host.css, or Bootstrap 5.3, which draws
 * both (data-bs-theme). Bootstrap 3 and 4 have no dark mode, so the switch is not offered there.
 */
function offersColorModes(bootstrap: BootstrapVersion | undefined): boolean {
  return bootstrap === undefined || bootstrap === 5;
}

/**
 * The colour mode switch of the header, which color-mode.js wires (light, dark, or as the
 * device). A select is as wide as its widest option, so its choice is set without moving a thing.
 */
const COLOR_MODE_SWITCH = html`<div class="color-mode">
<label for="color-mode">Colour mode</label>
<select id="color-mode">
<option value="auto">Device</option>
<option value="light">Light</option>
<option value="dark">Dark</option>
</select>
</div>`;

/**
 * The host's stylesheets: its own Bootstrap-like host.css, or a real Bootstrap's CSS followed by
 * the layout rules Bootstrap does not have (header, page frame, cards…), in host-bootstrap.css.
 */
function hostStylesheets(bootstrap: BootstrapVersion | undefined): Html {
  if (bootstrap === undefined) return html`<link rel="stylesheet" href="${hostAsset('host.css')}">`;
  return html`<link rel="stylesheet" href="${bootstrapStylesheet(bootstrap)}">
<link rel="stylesheet" href="${hostAsset('host-bootstrap.css')}">`;
}

/** The host's own header: its name, the main navigation and the colour mode switch. */
function pageHeader(context: PageContext): Html {
  return html`<header class="navbar">
<a class="navbar-brand" href="/">FM Portal <span>reference host</span></a>
<nav aria-label="Main">
<fm-nav>
<ul class="nav">
${NAVIGATION.map((entry) =>
  typeof entry[1] === 'string'
    ? navLink(entry as NavLink, context.path)
    : html`<li><a class="nav-link" href="#">${entry[0]}</a>
<ul>${(entry[1] as NavLink[]).map((link) => navLink(link, context.path))}</ul></li>`,
)}
</ul>
</fm-nav>
</nav>
${offersColorModes(context.bootstrap) ? COLOR_MODE_SWITCH : ''}
</header>`;
}

const PAGE_FOOTER = html`<footer class="footer container">
<p>Every page here is server-rendered the way a CakePHP layout would be; the widgets come from <code>/dist/fm-widgets.js</code>.</p>
</footer>`;

/**
 * The host page shape of README "Using the bundle in a host page": csrf meta, bundle CSS,
 * #fm-config, dist/fm-widgets.js, the hashed loader it imports started at once (`async`), and a
 * modulepreload for every file of the tags the page renders (all from the manifest), so the
 * browser fetches them while it parses the HTML and, with a warm cache, runs React before the
 * stylesheets are in. Under the nonce policy every script and modulepreload carries the nonce.
 */
export function layout(context: PageContext, title: string, main: Html): string {
  const body = html`<body>
${context.framed ? '' : pageHeader(context)}
<main id="main" class="container">
${flashMessage(context.flash)}
${main}
</main>
${context.framed ? '' : PAGE_FOOTER}
</body>`;
  const manifest = context.manifest ?? {};
  const early = earlyScripts(manifest);
  // The loader's files (fm-widgets.js and what it imports) are the page's scripts, below.
  const loader = modulePreloads(manifest, []);
  const preloads = modulePreloads(manifest, tagsIn(body)).filter((file) => !loader.includes(file));
  const apiBase = typeof context.config.apiBase === 'string' ? context.config.apiBase : '';
  const nonce = nonceAttribute(context);
  return html`<!DOCTYPE html>
<html lang="en-GB"${context.bootstrap ? html` data-bootstrap="${String(context.bootstrap)}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · FM Portal reference host</title>
<link rel="icon" href="data:,">
<meta name="csrf-token" content="${context.csrfToken}">
${
  // A plain script, before the stylesheets: it sets data-bs-theme before anything is painted.
  offersColorModes(context.bootstrap)
    ? html`<script${nonce} src="${hostAsset('color-mode.js')}"></script>
`
    : ''
}${hostStylesheets(context.bootstrap)}
<link rel="stylesheet" href="/dist/fm-widgets.css">
<script type="application/json"${nonce} id="fm-config">${scriptJson(context.config)}</script>
<script type="module"${nonce} src="/dist/fm-widgets.js"></script>
${early.map(
  (file) => html`<script type="module" async${nonce} src="/dist/${file}"></script>
`,
)}${preloads.map(
  (file) => html`<link rel="modulepreload"${nonce} href="/dist/${file}">
`,
)}${dataPreloads(body.toString(), apiBase, randomBytes(9).toString('base64url')).map(
  (url) => html`<link rel="preload" href="${url}" as="fetch" crossorigin>
`,
)}</head>
${body}
</html>
`.toString();
}
