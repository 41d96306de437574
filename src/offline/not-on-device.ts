// The page the worker shows for a page of its scope that no host answers and the device does not
// keep (docs/offline.md): said in words, with the pages that are kept, instead of the browser's own
// "no internet" page, which offers no way back.

/** The page's heading (and title). */
export const NOT_ON_DEVICE = 'Not on this device';

/** Why, and when it will open. */
export const NOT_ON_DEVICE_WHY =
  'There is no signal, and this page was not opened while there was, so it is not kept on this device. It opens once the signal is back.';

/** The link to the page asked for, to ask the host again once the signal is back. */
export const TRY_AGAIN = 'Try again';

/** Above the links to the pages that are kept. */
export const KEPT_PAGES = 'Pages kept on this device:';

export interface KeptPage {
  url: string;
  /** The page's `<title>` as the host wrote it (entities and all); empty when it has none. */
  title: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#039;': "'",
};

/** A host page's `<title>`, as written in its HTML ('' when it has none). */
export function titleOf(html: string): string {
  return /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
}

/** Text made safe inside HTML, from text that may carry the host's own entities. */
function asHtml(text: string): string {
  const plain = text.replace(/&(?:amp|lt|gt|quot|[#]0?39);/g, (entity) => ENTITIES[entity] ?? '');
  return plain.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The whole page: our words, and a link to each page kept, by its title (else its path). */
export function notOnDevicePage(asked: string, kept: readonly KeptPage[]): string {
  const links = kept
    .map(({ url, title }) => {
      const name = title || new URL(url).pathname;
      return `<li><a href="${asHtml(url)}">${asHtml(name)}</a></li>`;
    })
    .join('');
  const list = links ? `<p>${KEPT_PAGES}</p><ul>${links}</ul>` : '';
  return [
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${NOT_ON_DEVICE}</title>`,
    '<style>body{font:1rem/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem}',
    'a{overflow-wrap:anywhere}li{margin:.5rem 0}</style></head>',
    `<body><main><h1>${NOT_ON_DEVICE}</h1><p>${NOT_ON_DEVICE_WHY}</p>`,
    `<p><a href="${asHtml(asked)}">${TRY_AGAIN}</a></p>${list}</main></body></html>`,
  ].join('');
}
