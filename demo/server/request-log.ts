import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './http';

/**
 * Test mode only: the paths the server was asked for, so that a test in an engine whose driver
 * shows no network (WebKitWebDriver) can count the requests of a page (docs/benchmark.md, each
 * preloaded call fetched once).
 *
 *   GET    /__test/requests   → { status: 'success', requests: ['GET /dashboards/fetch/1', …] }
 *   DELETE /__test/requests   forgets them → { status: 'success', requests: [] }
 */
export class RequestLog {
  private readonly requests: string[] = [];

  /** Every request but the log's own, in the order they came. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (!c.req.path.startsWith('/__test/')) this.requests.push(`${c.req.method} ${c.req.path}`);
      await next();
    };
  }

  list(): string[] {
    return [...this.requests];
  }

  clear(): void {
    this.requests.length = 0;
  }
}
