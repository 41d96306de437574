import type { InitializeParams } from '@custom-elements-manifest/analyzer';

/** custom-elements.json's content, nothing written. */
export function analyze(): Promise<InitializeParams['customElementsManifest']>;
