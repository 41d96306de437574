import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { isEmpty, openDatabase } from './db';
import { seed } from './seed';

export interface StartOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  dbPath: string;
  uploadDir?: string;
  /** Reseed even when the database already has data. */
  reset?: boolean;
  testMode: boolean;
  quiet?: boolean;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Opens (and seeds when new) the database and serves the reference host; used by main.ts and tests. */
export function startDemoServer(options: StartOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  mkdirSync(dirname(options.dbPath), { recursive: true });
  const db = openDatabase(options.dbPath);
  if (options.reset || isEmpty(db)) seed(db);
  const app = createApp({ db, testMode: options.testMode, uploadsDir: options.uploadDir });

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: host }, (info) => {
      const url = `http://${host}:${info.port}`;
      if (!options.quiet) {
        console.log(
          `FM reference host on ${url}/${options.testMode ? ' (test mode: /__test faults enabled)' : ''}`,
        );
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
