import type { InitializeParams } from '@custom-elements-manifest/analyzer';

type Manifest = InitializeParams['customElementsManifest'];

export function elementsOf(manifest: Manifest): { tag: string; folder: string; summary: string }[];
export function registrySource(manifest: Manifest): string;
export function elementsCss(manifest: Manifest): string;
export function elementTable(manifest: Manifest): string;
export function withElementTable(readme: string, manifest: Manifest): string;
export function withElementTags(css: string, manifest: Manifest): string;
