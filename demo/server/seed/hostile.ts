// Hostile text for the test-mode hostile run (issue 17): what a legacy database or a careless
// host could hand the widgets. Every payload that could run sets `window.__pwned` (or opens an
// alert), so a browser test sees at once whether one ran.

/** Characters that turn text right to left, or hide in it. */
const BIDI_AND_ZERO_WIDTH = '\u202Eevil.exe\u202C \u200B\u200C\u200D\uFEFF\u2066x\u2069';

/** 10 kB without a space: a word no line can break by itself. */
export const LONG_PAYLOAD = 'W'.repeat(10_240);

export const PAYLOADS: readonly string[] = [
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload="window.__pwned=2">',
  "'><img src=x onerror=alert(3)>",
  '</script><script>window.__pwned=4</script>',
  'javascript:window.__pwned=5',
  ' JaVaScRiPt:alert(6)',
  '<a href="javascript:window.__pwned=7">link</a>',
  '<iframe srcdoc="<script>parent.__pwned=8</script>"></iframe>',
  '{{constructor.constructor("window.__pwned=9")()}}',
  BIDI_AND_ZERO_WIDTH,
  LONG_PAYLOAD,
];

/** The payload for the `index`th value (a row, a column, an attribute): every one comes round. */
export const payloadAt = (index: number): string =>
  PAYLOADS[((index % PAYLOADS.length) + PAYLOADS.length) % PAYLOADS.length] as string;
