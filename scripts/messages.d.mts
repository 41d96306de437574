import type { Plugin } from 'rollup';

export const DEFAULT_LOCALE: string;
export function catalogFiles(root: string): string[];
export function readCatalog(root: string, file: string): Record<string, string>;
export function defaultCatalog(root: string): Record<string, string>;
export function defaultMessages(root?: string): Plugin;
