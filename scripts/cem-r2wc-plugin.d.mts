import type { Plugin } from '@custom-elements-manifest/analyzer';

/** A JSDoc tag's text `{type} name - description` (`[name=default]` for a default) as a manifest item. */
export function jsDocItem(text: string): {
  name: string;
  type?: { text: string };
  description?: string;
  default?: string;
};

export function r2wcPlugin(options?: { register?: string[]; schemaVersion?: string }): Plugin;
