import { Hono } from 'hono';
import { CATALOGUE } from '../pages/gallery';
import {
  HOSTILE_TAGS,
  hostileConfig,
  hostileConfigPage,
  hostileElementPage,
  hostileIndexPage,
} from '../pages/hostile';
import type { Html } from '../pages/html';
import type { Deps } from './deps';
import type { AppEnv } from './http';
import { pageContext } from './page-context';
import { PAYLOADS } from './seed/hostile';

/** The hostile gallery under /__test/hostile (test mode only; see demo/pages/hostile.ts). */
export function hostilePageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/__test/hostile', (c) => c.html(hostileIndexPage(pageContext(c, deps))));
  app.get('/__test/hostile/config/:round{[0-9]+}', (c) => {
    const round = Number(c.req.param('round'));
    if (round >= PAYLOADS.length) return c.notFound();
    const context = pageContext(c, deps);
    const samples = CATALOGUE.flatMap((element) => (element.sample ? [element.sample] : []));
    return c.html(
      hostileConfigPage(
        { ...context, config: hostileConfig({ ...context.config, timeout: 10_000 }, round) },
        samples as Html[],
      ),
    );
  });
  app.get('/__test/hostile/:tag', (c) => {
    const tag = c.req.param('tag');
    if (!HOSTILE_TAGS.includes(tag)) return c.notFound();
    return c.html(hostileElementPage(pageContext(c, deps), tag));
  });
  return app;
}
