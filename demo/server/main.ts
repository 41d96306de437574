import { rmSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp, DEFAULT_UPLOADS_DIR } from './app';
import { DEFAULT_DATABASE_PATH, isEmpty, openDatabase } from './db';
import { seed } from './seed';

// The reference host: node --import tsx demo/server/main.ts [--reset] [--test-mode]
//   --reset      reseed the database (demo/.data/fm.sqlite) and empty the uploads; a new
//                database is seeded anyway
//   --test-mode  enable the /__test fault switch (see faults.ts)
//   PORT         port to listen on (default 8080), always on 127.0.0.1

const DEFAULT_PORT = 8080;
const HOST = '127.0.0.1';

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number, got '${process.env.PORT}'`);
  process.exit(1);
}

const db = openDatabase(DEFAULT_DATABASE_PATH);
if (args.has('--reset') || isEmpty(db)) {
  seed(db);
  rmSync(DEFAULT_UPLOADS_DIR, { recursive: true, force: true });
}
const testMode = args.has('--test-mode');
const app = createApp({ db, testMode });

const server = serve({ fetch: app.fetch, port, hostname: HOST }, (info) => {
  console.log(
    `FM reference host on http://${HOST}:${info.port}/${testMode ? ' (test mode: /__test faults enabled)' : ''}`,
  );
});

function shutdown() {
  server.close(() => db.close());
  // Stalled requests (the 'timeout' fault) must not hold the process open.
  if ('closeAllConnections' in server) server.closeAllConnections();
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
