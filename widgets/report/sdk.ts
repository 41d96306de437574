/**
 * The one door to powerbi-client: its bundled models (no second copy of powerbi-models) and the
 * page-wide embedding service. Import from here, never from 'powerbi-client' directly, so the
 * global guard in sdk-global.ts always runs first.
 */
import './sdk-global';
import type * as client from 'powerbi-client';

// A dynamic import keeps powerbi-client (≈ 42 KB gzip) in a chunk of its own, fetched with
// fm-report's chunk and never by a page without the element.
const powerbi: typeof client = await import('powerbi-client');

export const models: typeof client.models = powerbi.models;
export type { Embed, models as Models, Report } from 'powerbi-client';

/**
 * The service powerbi-client created on import: under our global name when the host already had
 * a `window.powerbi`, else as `window.powerbi`. Reusing it keeps one message router for the page
 * (a second service would listen to every iframe message too).
 */
export const pageService: client.service.Service = (() => {
  const page = window as unknown as Record<string, client.service.Service | undefined>;
  const name = window.powerBISDKGlobalServiceInstanceName;
  // Read once, now: a host script may assign window.powerbi later.
  return (name && page[name]) || (page.powerbi as client.service.Service);
})();
