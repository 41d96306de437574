// `npm run manifest` (or `npx cem analyze`): custom-elements.json from the elements'
// registrations, and the hosts' declarations in types/ from it (scripts/cem-r2wc-plugin.mjs).
import { r2wcPlugin } from './scripts/cem-r2wc-plugin.mjs';

export default {
  globs: ['widgets/*/index.ts'],
  // package.json names custom-elements.json already.
  packagejson: false,
  plugins: [r2wcPlugin()],
};
