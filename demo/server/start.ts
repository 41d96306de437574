import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, DEFAULT_UPLOADS_DIR } from './app';
import type { BootstrapVersion } from './bootstrap';
import type { CspMode } from './csp';
import { DEFAULT_DATABASE_PATH, isEmpty, openDatabase } from './db';
import { seed } from './seed';

export interface StartOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** demo/.data/fm.sqlite by default. */
  dbPath?: string;
  /** demo/.data/uploads by default. */
  uploadDir?: string;
  /** Reseed and empty the uploads even when the database already has data. */
  reset?: boolean;
  testMode: boolean;
  /** Seeds the hostile payloads into every text column (test mode only; seed/hostile.ts). */
  hostile?: boolean;
  quiet?: boolean;
  /** The Content-Security-Policy (demo/server/csp.ts): 'self' by default, or 'nonce'. */
  csp?: CspMode;
  /** Style the pages with Bootstrap 3, 4 or 5 instead of the host's own sheet (bootstrap.ts). */
  bootstrap?: BootstrapVersion;
  /**
   * The secret CSRF tokens are signed with: a new one each start unless given. A host restarted
   * with the same one accepts the tokens of before, as CakePHP does with its Security.salt.
   */
  secret?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 60_000;

/**
 * Opens the database (seeding it when new or when asked) and serves the reference host.
 * Used by main.ts (`npm run demo`) and the benchmark; startScratchServer() wraps it for the rest.
 */
export function startDemoServer(options: StartOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const dbPath = options.dbPath ?? DEFAULT_DATABASE_PATH;
  const uploadsDir = options.uploadDir ?? DEFAULT_UPLOADS_DIR;
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = openDatabase(dbPath);
  if (options.reset || options.hostile || isEmpty(db)) {
    seed(db, new Date(), { hostile: options.hostile });
    rmSync(uploadsDir, { recursive: true, force: true });
  }
  const app = createApp({
    db,
    testMode: options.testMode,
    hostile: options.hostile,
    uploadsDir,
    csp: options.csp,
    bootstrap: options.bootstrap,
    secret: options.secret,
  });

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: host }, (info) => {
      const url = `http://${host}:${info.port}`;
      if (!options.quiet) {
        const hostile = options.hostile ? ', hostile data: /__test/hostile' : '';
        const mode = options.testMode ? ` (test mode: /__test faults enabled${hostile})` : '';
        const csp = options.csp === 'nonce' ? ', CSP with nonces' : '';
        const bootstrap = options.bootstrap ? `, Bootstrap ${options.bootstrap}` : '';
        console.log(`FM reference host on ${url}/${mode}${csp}${bootstrap}`);
      }
      resolve({
        url,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => {
              db.close();
              done();
            });
            // Stalled requests (the 'timeout' fault) must not hold the process open.
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    // Idle connections stay open for a minute, as behind nginx (75 s) or a CDN, rather than Node's
    // 5 s: a phone coming back to the portal reuses them instead of paying a TCP round trip each.
    if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_MS;
  });
}

/** A reference host of its own: where its database is, and close() also removes its folder. */
export interface ScratchServer extends RunningServer {
  dbPath: string;
}

/**
 * A reference host on a fresh database and uploads folder in a new temporary folder named after
 * `prefix` (the browser suite, single tests, the benchmark, the screenshots); on a free port unless
 * told. close() stops it and removes the folder.
 */
export async function startScratchServer(
  prefix: string,
  options: Omit<StartOptions, 'port' | 'dbPath' | 'uploadDir'> & {
    port?: number;
    /** The folder to make its own in (the system's temporary folder unless told). */
    under?: string;
  },
): Promise<ScratchServer> {
  const dir = mkdtempSync(join(options.under ?? tmpdir(), `${prefix}-`));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const dbPath = join(dir, 'fm.sqlite');
  try {
    const server = await startDemoServer({
      port: 0,
      ...options,
      dbPath,
      uploadDir: join(dir, 'uploads'),
    });
    return {
      url: server.url,
      dbPath,
      close: async () => {
        await server.close();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}
