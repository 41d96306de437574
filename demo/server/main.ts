import { HOSTILE_UPLOADS_DIR } from './app';
import { type BootstrapVersion, parseBootstrapArgument } from './bootstrap';
import { HOSTILE_DATABASE_PATH } from './db';
import { startDemoServer } from './start';

// The reference host: node --import tsx demo/server/main.ts [--reset] [--test-mode]
//   --reset      reseed the database (demo/.data/fm.sqlite) and empty the uploads; a new
//                database is seeded anyway
//   --test-mode  enable the /__test fault switch (see faults.ts)
//   --hostile    with --test-mode: seed hostile text into every text column, in a database of its
//                own (demo/.data/fm-hostile.sqlite), and serve the hostile gallery /__test/hostile
//   --nonce-csp  send the nonce policy (script-src 'self' 'nonce-…' 'strict-dynamic', a fresh
//                nonce per answer) instead of script-src 'self' (demo/server/csp.ts)
//   --bootstrap=3|4|5  style the pages with that real Bootstrap's CSS (from node_modules) and the
//                host's layout sheet instead of its own Bootstrap-like sheet (demo/server/bootstrap.ts)
//   PORT         port to listen on (default 8080), always on 127.0.0.1

const DEFAULT_PORT = 8080;

const args = new Set(process.argv.slice(2));
let bootstrap: BootstrapVersion | undefined;
try {
  bootstrap = parseBootstrapArgument([...args]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const port = Number(process.env.PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number, got '${process.env.PORT}'`);
  process.exit(1);
}

const hostile = args.has('--hostile');
if (hostile && !args.has('--test-mode')) {
  console.error('--hostile needs --test-mode: hostile data is for tests only');
  process.exit(1);
}

const server = await startDemoServer({
  port,
  reset: args.has('--reset'),
  testMode: args.has('--test-mode'),
  hostile,
  csp: args.has('--nonce-csp') ? 'nonce' : 'self',
  bootstrap,
  // Never the demo's own database and uploads: the hostile text would stay, the photos would go.
  dbPath: hostile ? HOSTILE_DATABASE_PATH : undefined,
  uploadDir: hostile ? HOSTILE_UPLOADS_DIR : undefined,
});

const shutdown = () => void server.close();
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
