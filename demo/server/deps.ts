import type { Db } from './db';
import type { HostSettings } from './settings';

/** What every API area needs: the database, the current settings and where uploads go. */
export type Deps = {
  db: Db;
  settings: () => HostSettings;
  uploadsDir: string;
};
