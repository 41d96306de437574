/**
 * How wide the longest word of each heading is, as the table's header will draw it (the host's
 * font, Tabulator's bold header), measured before the table is built so that its columns are
 * given room for it: a heading then wraps between words, never inside one. Likewise
 * the longest word of a column's cells, for a frozen column narrowed to it (Table.tsx).
 */

/**
 * The width in pixels of the longest word of each group of texts, drawn inside a hidden copy of
 * Tabulator's structure (`part`: a heading or a row's cell, of class `cellClass`) so that its
 * stylesheet gives the same font; 0 where there is no layout.
 */
function measureLongestWords(
  holder: HTMLElement,
  groups: readonly (readonly string[])[],
  part: 'header' | 'cell',
  cellClass = '',
): number[] {
  const probe = document.createElement('div');
  probe.className = 'tabulator';
  probe.setAttribute('aria-hidden', 'true');
  Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', border: '0' });
  const container = document.createElement('div');
  container.className = part === 'header' ? 'tabulator-header' : 'tabulator-row';
  probe.append(container);
  const into = document.createElement('div');
  into.className = `${part === 'header' ? 'tabulator-col' : 'tabulator-cell'} ${cellClass}`.trim();
  Object.assign(into.style, { display: 'block', padding: '0', border: '0' });
  container.append(into);
  const words = groups.map((texts) =>
    [...new Set(texts.flatMap((text) => text.split(/\s+/)))].map((text) => {
      const word = document.createElement('span');
      word.textContent = text;
      word.style.whiteSpace = 'nowrap';
      into.append(word, document.createElement('br'));
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

/** The width in pixels of the longest word of each title; 0 where there is no layout. */
export function measureHeadingWords(holder: HTMLElement, titles: readonly string[]): number[] {
  return measureLongestWords(
    holder,
    titles.map((title) => [title]),
    'header',
  );
}

/** The width in pixels of the longest word of each column's cell texts (cells of `cellClass`). */
export function measureCellWords(
  holder: HTMLElement,
  columns: readonly (readonly string[])[],
  cellClass: string,
): number[] {
  return measureLongestWords(holder, columns, 'cell', cellClass);
}
