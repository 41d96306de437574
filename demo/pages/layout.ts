import { type Html, html, scriptJson } from './html';

export type PageContext = {
  csrfToken: string;
  /** The #fm-config object (CONVENTIONS "Page configuration"). */
  config: Record<string, unknown>;
  /** The request path, to mark the current navigation entry. */
  path: string;
};

const NAVIGATION: [string, string][] = [
  ['/', 'Gallery'],
  ['/dashboard', 'Dashboard'],
  ['/client/jobs/view/1001', 'Client job'],
  ['/contractor/jobs/view/1004', 'Contractor job'],
  ['/portal', 'Portal'],
];

/** The host page shape of CONVENTIONS: csrf meta, bundle CSS, #fm-config, bundle loader. */
export function layout(context: PageContext, title: string, main: Html): string {
  return html`<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · FM Portal reference host</title>
<link rel="icon" href="data:,">
<meta name="csrf-token" content="${context.csrfToken}">
<link rel="stylesheet" href="/demo-assets/host.css">
<link rel="stylesheet" href="/dist/fm-widgets.css">
<script type="application/json" id="fm-config">${scriptJson(context.config)}</script>
<script type="module" src="/dist/fm-widgets.js"></script>
</head>
<body>
<header class="navbar">
<a class="navbar-brand" href="/">FM Portal <span>reference host</span></a>
<nav aria-label="Main">
<ul class="nav">
${NAVIGATION.map(
  ([href, label]) =>
    html`<li><a class="nav-link" href="${href}"${context.path === href ? html` aria-current="page"` : ''}>${label}</a></li>`,
)}
</ul>
</nav>
</header>
<main id="main" class="container">
${main}
</main>
<footer class="footer container">
<p>Every page here is server-rendered the way a CakePHP layout would be; the widgets come from <code>/dist/fm-widgets.js</code>.</p>
</footer>
</body>
</html>
`.value;
}
