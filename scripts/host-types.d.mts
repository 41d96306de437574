/** One module of custom-elements.json, as the analyzer writes it (scripts/cem.mjs). */
export interface ManifestModule {
  path: string;
  declarations: {
    name: string;
    tagName: string;
    description: string;
    attributes: { name: string; type?: { text: string }; description?: string }[];
    events: { name: string; type?: { text: string }; description?: string }[];
  }[];
}

export function hostTypes(
  root: string,
  modules: ManifestModule[],
): { index: string; react: string };
