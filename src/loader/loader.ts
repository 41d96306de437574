/** Each tag and the import of the chunk that defines it. */
import { errorText } from '../core/error-text';
export type Registry = Readonly<Record<string, () => Promise<unknown>>>;

/**
 * Lazy definition (docs/architecture.md): imports a tag's chunk the first time the tag is in
 * `root`, at once or when added later (inside an added subtree too). Each chunk is imported once; a
 * chunk that fails to load is reported and tried again if its tag appears again. Stops watching
 * when every chunk is in. Returns a function that stops watching.
 */
export function createLoader(registry: Registry, root: Document | Element = document): () => void {
  const waiting = new Map(Object.entries(registry));
  const watch = { childList: true, subtree: true };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE) scan(node as Element);
      }
    }
  });

  function load(tag: string) {
    const importChunk = waiting.get(tag);
    if (!importChunk) return;
    waiting.delete(tag);
    if (waiting.size === 0) observer.disconnect();
    importChunk().catch((error: unknown) => {
      waiting.set(tag, importChunk);
      observer.observe(root, watch);
      console.error(
        `fm-widgets: <${tag}> could not be loaded (${errorText(error)}). ` +
          'Check that the chunk files next to fm-widgets.js are deployed.',
        error,
      );
    });
  }

  function scan(node: Document | Element) {
    if ('localName' in node) load(node.localName);
    if (waiting.size === 0) return;
    for (const element of node.querySelectorAll([...waiting.keys()].join(','))) {
      load(element.localName);
    }
  }

  scan(root);
  if (waiting.size > 0) observer.observe(root, watch);
  return () => observer.disconnect();
}
