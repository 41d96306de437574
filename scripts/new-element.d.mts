/** The files of a new element, by their path from the root. */
export function elementFiles(tag: string): Record<string, string>;
/** Why `tag` cannot be a new element under `root`, or null. */
export function refusal(root: string, tag: string | undefined): string | null;
/** Writes the new element's files under `root`, then what `npm run manifest` makes. */
export function newElement(root: string, tag: string): Promise<string[]>;
