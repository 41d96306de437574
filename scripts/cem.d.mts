import type { InitializeParams } from '@custom-elements-manifest/analyzer';

/** custom-elements.json's content: the analyzer run with its config, nothing written. */
export function analyze(): Promise<InitializeParams['customElementsManifest']>;
