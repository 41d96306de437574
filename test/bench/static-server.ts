import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};

/** Serves the files of `dir` on a free loopback port (`/` is index.html), for the bench's own pages. */
export function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const name = (request.url ?? '/').split('?')[0]?.slice(1) || 'index.html';
    try {
      const body = readFileSync(join(dir, name));
      response.setHeader('content-type', TYPES[extname(name)] ?? 'application/octet-stream');
      response.end(body);
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
