// What a host page does around the widgets (plain script, as a CakePHP layout would carry):
// 1. After a widget's action, the page reads itself again and replaces its [data-refresh] regions,
//    so every place showing a fact (status, site times) shows the value the widget just changed.
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
  'fm-photo-uploaded',
];

let latest = 0;

async function rereadPage() {
  const request = ++latest;
  try {
    const response = await fetch(window.location.href, { headers: { accept: 'text/html' } });
    if (!response.ok || request !== latest) return;
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
    for (const region of document.querySelectorAll('[data-refresh][id]')) {
      const replacement = fresh.getElementById(region.id);
      if (replacement) region.replaceChildren(...replacement.childNodes);
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
