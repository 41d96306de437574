// What a host page does around the widgets (plain script, as a CakePHP layout would carry):
// 1. After a widget's action, the page reads itself again and replaces its [data-refresh] regions,
//    so every place showing a fact (status, site times) or offering an action (a form, a link)
//    shows what the widget just changed. A region the host writes as before is left alone, and
//    one where only an element's attributes changed has them set in place, so a widget inside it
//    keeps what the user typed.
// 2. A confirm link with data-submit-form posts its form (CakePHP's postLink) once confirmed.

const CHANGES = [
  'fm-cost-approved',
  'fm-cost-declined',
  'fm-job-released',
  'fm-job-rejected',
  'fm-job-forwarded',
  'fm-quote-requested',
  'fm-alternative-quotes-created',
  'fm-signed-on',
  'fm-signed-off',
  'fm-job-completed',
  'fm-remote-fixed',
  'fm-record-sent',
  'fm-site-time-saved',
  'fm-site-time-refused',
  'fm-photo-uploaded',
  'fm-engineer-assigned',
];

let latest = 0;

/**
 * A region's markup as the host wrote it: tags, attributes and text, without what a widget
 * rendered inside its own element (the host writes each fm-* element empty).
 */
function hostMarkup(node) {
  if (node.nodeType === Node.TEXT_NODE) return node.data;
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const attributes = [...node.attributes].map(({ name, value }) => ` ${name}="${value}"`).join('');
  const inner = node.localName.startsWith('fm-')
    ? ''
    : [...node.childNodes].map(hostMarkup).join('');
  return `<${node.localName}${attributes}>${inner}</${node.localName}>`;
}

/** The fm-* elements the host wrote in `node`, in document order (not those a widget rendered). */
function hostElements(node) {
  return [...node.children].flatMap((child) =>
    child.localName.startsWith('fm-') ? [child] : hostElements(child),
  );
}

/** Markup with the fm-* elements' attributes left out: what the host wrote around them. */
function shapeOf(node) {
  const copy = node.cloneNode(true);
  for (const element of hostElements(copy)) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  }
  return hostMarkup(copy);
}

/**
 * Only the elements' attributes changed (a job's status, say): set them on the elements in place,
 * so that a form keeps what the user typed in it; otherwise the region is replaced.
 */
function refreshRegion(region, replacement) {
  if (shapeOf(region) !== shapeOf(replacement)) {
    region.replaceChildren(...replacement.childNodes);
    return;
  }
  const fresh = hostElements(replacement);
  hostElements(region).forEach((element, index) => {
    const wanted = fresh[index];
    for (const { name } of [...element.attributes]) {
      if (!wanted.hasAttribute(name)) element.removeAttribute(name);
    }
    for (const { name, value } of [...wanted.attributes]) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  });
}

async function rereadPage() {
  const request = ++latest;
  try {
    const response = await fetch(window.location.href, { headers: { accept: 'text/html' } });
    if (!response.ok || request !== latest) return;
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
    for (const region of document.querySelectorAll('[data-refresh][id]')) {
      const replacement = fresh.getElementById(region.id);
      if (replacement && hostMarkup(replacement) !== hostMarkup(region)) {
        refreshRegion(region, replacement);
      }
    }
  } catch {
    // Offline: the widget has said what happened; the page catches up on the next load.
  }
}

for (const name of CHANGES) document.addEventListener(name, () => void rereadPage());

// Runs after the confirm handler (capture phase), which stops the click when the user declines.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-submit-form]') : null;
  const form = link?.closest('form');
  if (!form) return;
  event.preventDefault();
  form.requestSubmit();
});
