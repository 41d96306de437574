// `npm run demo:php [-- --reset] [-- --nonce-csp]`: the PHP example host (demo/php/host, which
// requires the PHP kit from kit/php) on 127.0.0.1:$PHP_PORT (8081), with the reference host
// (`npm run demo`, on $PORT, 8080) behind it. Installs php-cli and php-curl from Debian when
// missing, as .ci/run does for Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies } from './ensure-deps.mjs';

const root = new URL('..', import.meta.url).pathname;

function hasPhpWithCurl() {
  return spawnSync('php', ['-r', 'exit(extension_loaded("curl") ? 0 : 1);']).status === 0;
}

if (!hasPhpWithCurl()) {
  console.log('Installing PHP from Debian (apt-get install php-cli php-curl)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'php-cli', 'php-curl'],
  ]) {
    spawnSync('apt-get', args, { stdio: 'inherit', env });
  }
  if (!hasPhpWithCurl()) {
    console.error('PHP with curl is needed: apt-get install php-cli php-curl');
    process.exit(1);
  }
}

// The pages read dist/manifest.json; a dist/ built before it existed is rebuilt.
await ensureDependencies();
if (!existsSync(join(root, 'dist', 'manifest.json'))) {
  console.log('Building the bundle (npx rollup -c)…');
  if (spawnSync('npx', ['rollup', '-c'], { cwd: root, stdio: 'inherit' }).status !== 0)
    process.exit(1);
}

const port = process.env.PORT ?? '8080';
const phpPort = process.env.PHP_PORT ?? '8081';
const children = [
  spawn(process.execPath, [join(root, 'scripts', 'demo.mjs'), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('php', ['-S', `127.0.0.1:${phpPort}`, join(root, 'demo', 'php', 'host', 'router.php')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      FM_REFERENCE_URL: `http://127.0.0.1:${port}`,
      // The reference host takes --nonce-csp as an argument; the PHP host reads FM_CSP.
      FM_CSP: process.argv.includes('--nonce-csp') ? 'nonce' : 'self',
    },
  }),
];
console.log(`PHP host on http://127.0.0.1:${phpPort}/dashboard (reference host on port ${port})`);

const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
// One of the two stopping stops the other: a PHP host without its reference host is no demo.
for (const child of children) {
  child.on('exit', (code, signal) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
