import type { BootstrapVersion } from './bootstrap';
import type { Db } from './db';
import type { HostSettings } from './settings';

/** What every API area needs: the database, the current settings, where uploads go, the bundle. */
export type Deps = {
  db: Db;
  settings: () => HostSettings;
  uploadsDir: string;
  /** The built bundle, whose manifest.json the pages print their preloads from. */
  distDir: string;
  /** The Bootstrap the pages are styled with (bootstrap.ts); the host's own sheet when undefined. */
  bootstrap?: BootstrapVersion;
};
