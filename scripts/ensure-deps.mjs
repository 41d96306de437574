// Installs the locked dependencies (npm ci) when node_modules is missing or older than package-lock.json,
// so a fresh clone needs nothing before `npm run demo` or `npm test`, and its lock file stays as
// committed (it lists every platform's optional binaries). Node built-ins only.
//
// The packages go in first with their install scripts held back (`npm ci --ignore-scripts`, about
// 20 s), then the scripts run as npm ci would have run them: every one at once but better-sqlite3's,
// which compiles SQLite when its prebuilt binary cannot be downloaded (about 90 s on one core of a
// machine without GitHub). `npm test` builds the bundle, runs PHPUnit and then the tests that need
// no database beside that compile (scripts/test.mjs); everything else waits for it. A compile
// that was cut short (the binary missing) is begun again.
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { step } from './progress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const installed = new URL('../node_modules/.package-lock.json', import.meta.url);
const lock = new URL('../package-lock.json', import.meta.url);

/** The package whose install script compiles, and the file that compile leaves. */
const COMPILED = 'better-sqlite3';
const compiledBinary = new URL(
  '../node_modules/better-sqlite3/build/Release/better_sqlite3.node',
  import.meta.url,
);

/** The installed packages that have install scripts, as the lock file marks them. */
export function packagesWithScripts(lockFile) {
  return Object.entries(lockFile.packages ?? {})
    .filter(([path, entry]) => path.startsWith('node_modules/') && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

/** Runs npm with `args` as a step of `label`; exits the process when it fails. */
async function npm(label, args) {
  const code = await step(label, 'npm', args, { cwd: root });
  if (code !== 0) process.exit(code);
}

/**
 * Resolves once the dependencies are installed; exits the process when npm fails. With
 * `compileLater`, resolves once they are in place but for better-sqlite3's compile, which goes on
 * beside whatever the caller does next (`compiling`): `compiled` resolves with its exit code (0
 * at once when there was nothing to compile).
 */
export async function ensureDependencies({ compileLater = false } = {}) {
  const fresh = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
  // A node_modules that links to another checkout's is that checkout's to install: npm ci would
  // empty the folder behind the link, under every checkout that shares it.
  const modules = new URL('../node_modules', import.meta.url);
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    if (!fresh)
      console.warn('node_modules is a link to another folder: not installing into it (npm ci).');
    return { compiled: Promise.resolve(0), compiling: false };
  }
  if (!fresh) {
    await npm('Installing the dependencies (npm ci, their install scripts after)', [
      'ci',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
    ]);
    const scripts = packagesWithScripts(JSON.parse(readFileSync(lock, 'utf8'))).filter(
      (name) => name !== COMPILED,
    );
    if (scripts.length > 0) {
      await npm(`Running the install scripts of ${scripts.join(', ')}`, ['rebuild', ...scripts]);
    }
  }
  const compiling = !existsSync(compiledBinary);
  const compiled = !compiling
    ? Promise.resolve(0)
    : step(
        `Compiling ${COMPILED} (npm rebuild ${COMPILED}; about 90 s when its prebuilt binary cannot be downloaded)`,
        'npm',
        ['rebuild', COMPILED],
        { cwd: root },
      );
  if (compileLater) return { compiled, compiling };
  const code = await compiled;
  if (code !== 0) process.exit(code);
  return { compiled, compiling: false };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureDependencies();
