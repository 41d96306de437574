// `npm run release` (after the build): packs what an integrator takes home with npm's own
// `npm pack` into release/fm-portal-widgets-<version>.tgz, and fails when the tarball lacks a part
// of it or holds anything else. `--out <dir>` packs elsewhere (the release test does).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the tarball holds, every file matching one of these, and each of them matched. */
const CONTENTS = [
  /^package\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^docs\/[\w-]+\.md$/,
  /^custom-elements\.json$/,
  /^dist\/fm-widgets\.js$/,
  /^dist\/fm-widgets\.css$/,
  /^dist\/manifest\.json$/,
  // The engineer's pages kept on the device (docs/offline.md): the worker and its registration.
  /^dist\/fm-(sw|offline)\.js$/,
  /^dist\/fm-(sw|offline)\.js\.map$/,
  /^dist\/chunks\/[\w.-]+\.js$/,
  /^dist\/chunks\/[\w.-]+\.js\.map$/,
  // Every key of the widgets' words with its default text, for a host to override (docs/words.md).
  /^dist\/messages\/[\w-]+\.json$/,
  /^dist\/types\/(index|react)\.d\.ts$/,
  /^kit\/php\/FmWidgets\.php$/,
  /^kit\/php\/src\/View\/Helper\/FmWidgetsHelper\.php$/,
];

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

const at = process.argv.indexOf('--out');
const out = resolve(root, at > 0 ? process.argv[at + 1] : 'release');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { version } = pkg;

if (!existsSync(join(root, 'dist', 'manifest.json')))
  fail('dist/ is not built: run `npm run build`');
if (!readFileSync(join(root, 'CHANGELOG.md'), 'utf8').includes(`\n## ${version} `)) {
  fail(`CHANGELOG.md has no "## ${version} " heading for the package's version`);
}

// Packed from a copy whose package.json leaves out what only a checkout needs: the scripts, the
// dev tools, the fm-conformance bin (TypeScript run by tsx, a dev dependency) and the libraries,
// which are bundled into dist/, so the tarball installs with nothing else.
const stage = mkdtempSync(join(tmpdir(), 'fm-release-'));
for (const part of [...pkg.files, 'README.md', 'CHANGELOG.md']) {
  cpSync(join(root, part), join(stage, part), { recursive: true });
}
const { bin, scripts, dependencies, devDependencies, ...released } = pkg;
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(released, null, 2)}\n`);
mkdirSync(out, { recursive: true });
let packed;
try {
  [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
} finally {
  rmSync(stage, { recursive: true, force: true });
}
const paths = packed.files.map((file) => file.path);
const stray = paths.filter((path) => !CONTENTS.some((pattern) => pattern.test(path)));
if (stray.length > 0) fail(`the tarball holds files it should not: ${stray.join(', ')}`);
const missing = CONTENTS.filter((pattern) => !paths.some((path) => pattern.test(path)));
if (missing.length > 0) fail(`the tarball lacks ${missing.map(String).join(', ')}`);

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `${join(out, packed.filename)}: ${paths.length} files, ${kilobytes(packed.size)} packed, ${kilobytes(packed.unpackedSize)} unpacked`,
);
