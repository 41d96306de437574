import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Real Bootstrap for the reference host: `--bootstrap=3|4|5` styles the pages
// with that Bootstrap's CSS (from the dev dependencies bootstrap3/4/5) and the host's small layout
// sheet (demo/pages/assets/host-bootstrap.css) instead of its own Bootstrap-like host.css, so the
// widgets' light-DOM markup is checked under the Bootstrap a CakePHP portal really loads.

export const BOOTSTRAP_VERSIONS = [3, 4, 5] as const;
export type BootstrapVersion = (typeof BOOTSTRAP_VERSIONS)[number];

const require = createRequire(import.meta.url);

/** Where one Bootstrap's package is installed (node_modules/bootstrap3, …). */
function packageDir(version: BootstrapVersion): string {
  return dirname(require.resolve(`bootstrap${version}/package.json`));
}

/** The folder of compiled CSS served for `version`: only its CSS, never its JavaScript. */
export function bootstrapCssDir(version: BootstrapVersion): string {
  return join(packageDir(version), 'dist', 'css');
}

/** The URL prefix the host serves that CSS under: `/vendor/bootstrap3/css/`. */
export function bootstrapCssPrefix(version: BootstrapVersion): string {
  return `/vendor/bootstrap${version}/css/`;
}

const packageVersions = new Map<BootstrapVersion, string>();

/** The installed package's exact version (3.4.1, …), which versions the stylesheet's URL. */
function packageVersion(version: BootstrapVersion): string {
  let known = packageVersions.get(version);
  if (known === undefined) {
    const file = join(packageDir(version), 'package.json');
    known = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    packageVersions.set(version, known);
  }
  return known;
}

/** The URL of the minified Bootstrap stylesheet a page links: `/vendor/bootstrap3/css/bootstrap.min.css?v=3.4.1`. */
export function bootstrapStylesheet(version: BootstrapVersion): string {
  return `${bootstrapCssPrefix(version)}bootstrap.min.css?v=${packageVersion(version)}`;
}

/**
 * The version a `--bootstrap=N` argument among `args` asks for; undefined without one. Throws on
 * a version the host has no Bootstrap for.
 */
export function parseBootstrapArgument(args: readonly string[]): BootstrapVersion | undefined {
  const argument = args.findLast((arg) => arg === '--bootstrap' || arg.startsWith('--bootstrap='));
  if (argument === undefined) return undefined;
  const value = Number(argument.slice('--bootstrap='.length));
  const version = BOOTSTRAP_VERSIONS.find((known) => known === value);
  if (version === undefined) {
    throw new Error(
      `--bootstrap must be one of ${BOOTSTRAP_VERSIONS.join(', ')}, got '${argument}'`,
    );
  }
  return version;
}
