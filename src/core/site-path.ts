/** SPEC §2: "path ending /site_id:{id}" — the documentation site switcher's target. */
const SITE_SEGMENT = /\/site_id:[^/]*/g;

/** The current path with its `/site_id:{id}` segment (if any) replaced by one at the end. */
export function withSiteId(path: string, siteId: string | number): string {
  const base = path.replace(SITE_SEGMENT, '').replace(/\/+$/, '');
  return `${base}/site_id:${encodeURIComponent(String(siteId))}`;
}

/** The site id the path ends with, or null. */
export function siteIdOf(path: string): string | null {
  const match = /\/site_id:([^/]+)\/?$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
