/**
 * The portal prefix of a path (docs/requirements.md §2). Its own module because the loader's link
 * bridge needs it: the route builders of routes.ts then stay out of the loader.
 */

export type Portal = 'client' | 'contractor';

/** `client` or `contractor` when the path is under that prefix (`/client/jobs/…`), else null. */
export function portalOf(pathname: string): Portal | null {
  const first = pathname.split('/')[1];
  return first === 'client' || first === 'contractor' ? first : null;
}
