// Installs the locked dependencies (npm ci) when node_modules is missing or older than package-lock.json,
// so a fresh clone needs nothing before `npm run demo` or `npm test`, and its lock file stays as
// committed (it lists every platform's optional binaries). Node built-ins only.
import { existsSync, lstatSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { step } from './progress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const installed = new URL('../node_modules/.package-lock.json', import.meta.url);
const lock = new URL('../package-lock.json', import.meta.url);

/** Resolves once the dependencies are installed; exits the process when npm ci fails. */
export async function ensureDependencies() {
  const fresh = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  // A node_modules that links to another checkout's is that checkout's to install: npm ci would
  // empty the folder behind the link, under every checkout that shares it.
  const modules = new URL('../node_modules', import.meta.url);
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    console.warn('node_modules is a link to another folder: not installing into it (npm ci).');
    return;
  }
  const code = await step(
    'Installing the dependencies (npm ci; about two minutes the first time)',
    'npm',
    ['ci', '--no-audit', '--no-fund'],
    { cwd: root },
  );
  if (code !== 0) process.exit(code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureDependencies();
