// Installs the locked dependencies (npm install) when node_modules is missing or older than package-lock.json,
// so a fresh clone needs nothing before `npm run demo` or `npm test`. Node built-ins only.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const installed = new URL('../node_modules/.package-lock.json', import.meta.url);
const lock = new URL('../package-lock.json', import.meta.url);

export function ensureDependencies() {
  const fresh = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('Installing dependencies (npm install)…');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies();
