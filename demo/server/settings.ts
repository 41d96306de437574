import type { Db } from './db';
import { SETTINGS } from './seed/reference';

/** The host's settings: the `settings` table over the seeded defaults. */
export type HostSettings = typeof SETTINGS;

/** Keys of the page configuration (README "Page configuration") held in the settings table. */
const PAGE_CONFIG_KEYS = [
  'timeout',
  'disableApprovals',
  'validateClientReference2',
  'releasePriorities',
  'passwordMinLength',
  'passwordDigits',
  'passwordLowercase',
  'passwordUppercase',
  'passwordSpecial',
  'passwordLetters',
  'passwordMaxConsecutive',
  'passwordBlacklist',
  'geoMaxDistance',
  'geoUnit',
  'geoCheck',
  'uploadMaxFileSize',
  'uploadMaxFiles',
  'uploadAcceptedFiles',
] as const satisfies readonly (keyof HostSettings)[];

export function readSettings(db: Db, overrides: Partial<HostSettings> = {}): HostSettings {
  const stored: Record<string, unknown> = {};
  const rows = db.prepare('SELECT key, value FROM settings').all() as {
    key: string;
    value: string;
  }[];
  for (const { key, value } of rows) {
    if (key in SETTINGS) stored[key] = JSON.parse(value);
  }
  return { ...SETTINGS, ...(stored as Partial<HostSettings>), ...overrides };
}

/** The #fm-config JSON of a page: API on the same origin, links posted to this origin. */
export function pageConfig(settings: HostSettings, origin: string): Record<string, unknown> {
  const config: Record<string, unknown> = { apiBase: '', parentOrigin: origin };
  for (const key of PAGE_CONFIG_KEYS) config[key] = settings[key];
  return config;
}
