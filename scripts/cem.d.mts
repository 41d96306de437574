import type { InitializeParams } from '@custom-elements-manifest/analyzer';

/** custom-elements.json's content, nothing written. */
export function analyze(root?: string): Promise<InitializeParams['customElementsManifest']>;
/** Writes the generated files under `root`; with `check`, only says which are stale (resolves false). */
export function manifestFiles(root?: string, options?: { check?: boolean }): Promise<boolean>;
