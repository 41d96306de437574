/**
 * Sideways scrolling of a table wider than its frame: the grid says which sides hold
 * more columns, for the edge shadows of scroll-shadow.css, and a reload of the rows (a search, a sort, a
 * page) keeps the columns in view where they were instead of jumping back to the first.
 */
import type { Tabulator } from 'tabulator-tables';

/** The box that scrolls the rows (the header follows it). */
function rowsBox(grid: HTMLElement): HTMLElement | null {
  return grid.querySelector<HTMLElement>('.tabulator-tableholder');
}

/** The sides of `box` with columns out of view: 'left', 'right', both or none. */
export function hiddenSides(box: {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}): string[] {
  const sides: string[] = [];
  // A pixel of slack: zoomed pages give fractional scroll positions.
  if (box.scrollLeft > 1) sides.push('left');
  if (box.scrollLeft + box.clientWidth < box.scrollWidth - 1) sides.push('right');
  return sides;
}

/** Sets `frame`'s `data-more` ("left right") to the sides of `box` with columns out of view. */
function markHiddenSides(frame: HTMLElement, box: HTMLElement): void {
  const sides = hiddenSides(box);
  if (sides.length > 0) frame.dataset.more = sides.join(' ');
  else delete frame.dataset.more;
}

/**
 * Calls `callback` in the frame after `target` changes size. A change of size that `callback`
 * makes waits for the next frame, instead of ending the observer's loop with "ResizeObserver loop
 * completed with undelivered notifications", which WebKit reports as an uncaught error. Returns
 * the function that stops it.
 */
export function observeSize(target: Element, callback: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let frame = 0;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(callback);
  });
  observer.observe(target);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
  };
}

/**
 * Keeps `frame`'s `data-more` up to date with the sides of `box` that hold columns out of view,
 * for the shadows of scroll-shadow.css (a plain table scrolling inside `box`). Returns the function
 * that stops it.
 */
export function watchHiddenSides(frame: HTMLElement, box: HTMLElement): () => void {
  const mark = () => markHiddenSides(frame, box);
  box.addEventListener('scroll', mark, { passive: true });
  const stopObserving = observeSize(box, mark);
  mark();
  return () => {
    box.removeEventListener('scroll', mark);
    stopObserving();
  };
}

/**
 * Keeps `grid`'s `data-more` ("left right") and the places of its shadows up to date: the left
 * one starts after the frozen columns, the right one stops before the vertical scroll bar.
 * Returns the function that stops it.
 */
export function watchSidewaysScroll(grid: HTMLElement, table: Tabulator): () => void {
  const box = rowsBox(grid);
  if (!box) return () => {};
  const mark = () => {
    markHiddenSides(grid, box);
    const frozen = table
      .getColumns()
      .filter((column) => column.isVisible() && column.getDefinition().frozen)
      .reduce((width, column) => width + column.getWidth(), 0);
    grid.style.setProperty('--fm-shadow-left', `${frozen}px`);
    grid.style.setProperty('--fm-shadow-right', `${box.offsetWidth - box.clientWidth}px`);
  };

  // Tabulator puts a reloaded table back at its left edge: the columns in view stay in view,
  // and with them the search box being typed in.
  let kept: number | null = null;
  const keep = () => {
    kept = box.scrollLeft;
  };
  const restore = () => {
    if (kept !== null && kept > 0) box.scrollLeft = kept;
    kept = null;
    mark();
  };

  // The keyboard scrolls the header on its own: Tab onto a heading or a search box out of view
  // brings it in, the rows staying where they were, under other headings. The rows follow it
  // (and Tabulator puts the header where the rows are).
  const header = grid.querySelector<HTMLElement>('.tabulator-header-contents');
  const followHeader = () => {
    if (header && header.scrollLeft !== box.scrollLeft) box.scrollLeft = header.scrollLeft;
  };

  box.addEventListener('scroll', mark, { passive: true });
  header?.addEventListener('scroll', followHeader, { passive: true });
  table.on('dataLoaded', keep);
  table.on('renderComplete', restore);
  const stopObserving = observeSize(box, mark);
  mark();
  return () => {
    box.removeEventListener('scroll', mark);
    header?.removeEventListener('scroll', followHeader);
    table.off('dataLoaded', keep);
    table.off('renderComplete', restore);
    stopObserving();
  };
}
