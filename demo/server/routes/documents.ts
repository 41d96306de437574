import { Hono } from 'hono';
import { documentPage, SITE_DOCUMENTS } from '../../pages/documentation';
import type { Deps } from '../deps';
import type { AppEnv } from '../http';
import { pageContext, renderNotFound } from '../page-context';

/** A site's documents, opened from /documentation/site_id:{id}. */
export function documentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/documentation/view/:siteId{[0-9]+}/:document{[0-9]+}', (c) => {
    const site = deps.db
      .prepare('SELECT id, name FROM sites WHERE id = ?')
      .get(Number(c.req.param('siteId'))) as { id: number; name: string } | undefined;
    const title = SITE_DOCUMENTS[Number(c.req.param('document'))];
    if (!site || !title) return renderNotFound(c, deps);
    return c.html(documentPage(pageContext(c, deps), site, title));
  });
  return app;
}
