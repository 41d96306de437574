import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, DEFAULT_UPLOADS_DIR } from './app';
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
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the database (seeding it when new or when asked) and serves the reference host.
 * Used by main.ts (`npm run demo`), the browser suite and the benchmark.
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
  const app = createApp({ db, testMode: options.testMode, hostile: options.hostile, uploadsDir });

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: host }, (info) => {
      const url = `http://${host}:${info.port}`;
      if (!options.quiet) {
        const hostile = options.hostile ? ', hostile data: /__test/hostile' : '';
        const mode = options.testMode ? ` (test mode: /__test faults enabled${hostile})` : '';
        console.log(`FM reference host on ${url}/${mode}`);
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
  });
}
