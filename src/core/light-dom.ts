/**
 * What the host wrote inside an element, read once before React renders over it (r2wc's first
 * render replaces the element's children; docs/libraries.md). Read it during the component's first
 * render: the children are still there then, and the copy kept here serves a later remount.
 */
const copies = new WeakMap<Element, DocumentFragment>();

/** A copy of the element's original children (the same copy on every call). */
export function originalChildren(element: Element): DocumentFragment {
  let copy = copies.get(element);
  if (!copy) {
    copy = element.ownerDocument.createDocumentFragment();
    for (const child of element.childNodes) copy.append(child.cloneNode(true));
    copies.set(element, copy);
  }
  return copy;
}

/** The element's original text, whitespace collapsed. */
export function originalText(element: Element): string {
  return (originalChildren(element).textContent ?? '').replace(/\s+/g, ' ').trim();
}
