// `npm test`: installs the dependencies if needed, builds dist/, runs the PHPUnit tests and then
// vitest (its arguments passed on: `npm test -- --project unit`), and ends with what it ran and
// what it skipped, and why. Each test file's time, slowest first, is printed by vitest's reporter
// beside the default one (test/timing-reporter.ts), which hands its summary over in a file.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';
import { runPhpUnit } from './phpunit.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs `command`, its output shown; resolves with its exit code. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const since = (from) => `${Math.round((Date.now() - from) / 1000)} s`;
const lines = [];

await ensureDependencies();

let from = Date.now();
const built = await run(bin('rollup'), ['-c', '--silent']);
lines.push(`Build (rollup -c): ${built === 0 ? 'done' : 'FAILED'} in ${since(from)}`);

let failed = built !== 0;
if (!failed) {
  from = Date.now();
  const php = await runPhpUnit();
  lines.push(`PHPUnit (test/php): ${php.outcome} in ${since(from)}`);
  failed = php.code !== 0;

  const scratch = mkdtempSync(join(tmpdir(), 'fm-test-'));
  const summaryFile = join(scratch, 'summary.json');
  from = Date.now();
  const vitest = await run(bin('vitest'), ['run', ...process.argv.slice(2)], {
    ...process.env,
    FM_TEST_SUMMARY: summaryFile,
  });
  failed ||= vitest !== 0;
  let summary;
  try {
    summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    summary = null;
  }
  rmSync(scratch, { recursive: true, force: true });
  lines.push(`vitest: ${vitest === 0 ? 'passed' : 'FAILED'} in ${since(from)}`);
  lines.push(
    ...(summary?.ran ?? [
      '  (no summary from test/timing-reporter.ts: vitest stopped before the end)',
    ]),
  );
} else {
  lines.push('PHPUnit: not run (the build failed)', 'vitest: not run (the build failed)');
}
lines.push('Lint and typecheck: not part of npm test (npm run lint, npm run typecheck)');

console.log(
  `\nnpm test ran, in ${since(started)}:\n${lines.map((line) => `  ${line}`).join('\n')}`,
);
process.exit(failed ? 1 : 0);
