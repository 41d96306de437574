/**
 * Runs before powerbi-client is evaluated (sdk.ts imports this first). powerbi-client assigns its
 * service to `window.powerbi` on import unless this name is set and a `window.powerbi` exists: a
 * legacy page may already own that global (docs/libraries.md, powerbi-client), so ours goes aside.
 */
export const serviceGlobalName = 'fmPowerBiService';

declare global {
  interface Window {
    powerBISDKGlobalServiceInstanceName?: string;
  }
}

window.powerBISDKGlobalServiceInstanceName ??= serviceGlobalName;
