/**
 * How wide the longest word of each heading is, as the table's header will draw it (the host's
 * font, Tabulator's bold header), measured before the table is built so that its columns are
 * given room for it: a heading then wraps between words, never inside one (issue 27).
 */

/** The width in pixels of the longest word of each title; 0 where there is no layout. */
export function measureHeadingWords(holder: HTMLElement, titles: readonly string[]): number[] {
  // A hidden copy of Tabulator's header structure, so its stylesheet gives the same font.
  const probe = document.createElement('div');
  probe.className = 'tabulator';
  probe.setAttribute('aria-hidden', 'true');
  Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', border: '0' });
  const header = document.createElement('div');
  header.className = 'tabulator-header';
  probe.append(header);
  const words = titles.map((title) =>
    title.split(/\s+/).map((text) => {
      const word = document.createElement('span');
      word.textContent = text;
      word.style.whiteSpace = 'nowrap';
      header.append(word, document.createElement('br'));
      return word;
    }),
  );
  holder.append(probe);
  const widths = words.map((spans) =>
    Math.ceil(Math.max(0, ...spans.map((span) => span.getBoundingClientRect().width))),
  );
  probe.remove();
  return widths;
}
