// `npm run demo [-- --reset] [-- --test-mode] [-- --bootstrap=3|4|5]`: installs the dependencies on a fresh clone, builds
// the bundle when it is missing or older than its sources, then starts the reference host
// (demo/server/main.ts) on 127.0.0.1:$PORT (8080).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies } from './ensure-deps.mjs';
import { step } from './progress.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(join(root, 'node_modules')) || !existsSync(join(root, 'dist'))) {
  console.log(
    'First run: installing and building take about two minutes; later starts take seconds.',
  );
}
await ensureDependencies();

const bundle = join(root, 'dist', 'fm-widgets.js');
const sources = ['src', 'widgets'].map((dir) => join(root, dir));

/** The newest modification time of any file under `dir` (0 when there is none). */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}

function bundleIsStale() {
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return sources.some((dir) => newestMtime(dir) > built);
}

if (bundleIsStale()) {
  if (existsSync(join(root, 'rollup.config.mjs'))) {
    const label = 'Building the bundle (npx rollup -c; about a minute)';
    const code = await step(label, 'npx', ['rollup', '-c'], { cwd: root });
    if (code !== 0) {
      console.warn('warning: the build failed; pages will load the last bundle in dist/, if any.');
    }
  } else {
    console.warn(
      'warning: no rollup.config.mjs yet, so dist/ was not built; pages load no widgets.',
    );
  }
}

const port = process.env.PORT ?? '8080';
console.log(`Starting the reference host on http://127.0.0.1:${port}/`);
const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'demo', 'server', 'main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: port } },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
