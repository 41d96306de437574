import type { Plugin } from '@custom-elements-manifest/analyzer';

/** `data-tile-id` for the prop `tileId`. */
export function attributeName(prop: string): string;

export function r2wcPlugin(options?: { register?: string[]; schemaVersion?: string }): Plugin;
