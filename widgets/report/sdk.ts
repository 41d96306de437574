/**
 * The one door to powerbi-client: its bundled models (no second copy of powerbi-models) and the
 * page-wide embedding service. Import from here, never from 'powerbi-client' directly, so the
 * global guard in sdk-global.ts always runs first.
 */
import './sdk-global';
import type { service } from 'powerbi-client';

export type { Embed, Report } from 'powerbi-client';
export { models } from 'powerbi-client';

/**
 * The service powerbi-client created on import: under our global name when the host already had
 * a `window.powerbi`, else as `window.powerbi`. Reusing it keeps one message router for the page
 * (a second service would listen to every iframe message too).
 */
export const pageService: service.Service = (() => {
  const page = window as unknown as Record<string, service.Service | undefined>;
  const name = window.powerBISDKGlobalServiceInstanceName;
  // Read once, now: a host script may assign window.powerbi later.
  return (name && page[name]) || (page.powerbi as service.Service);
})();
