// `npm test`: installs the dependencies if needed, builds dist/, runs the PHPUnit tests, then
// vitest (its arguments passed on: `npm test -- --project unit`), and ends with what it ran and
// what it skipped, and why. On a fresh install, better-sqlite3's compile goes on beside the build,
// PHPUnit and a first vitest run of the projects that need no database; the others run once it
// is done. Each test file's time, slowest first, is printed by vitest's reporter beside the
// default one (test/timing-reporter.ts), which hands its summary over in a file.
// `npm run test:quick` (`--quick`) runs only the unit and server projects, with no build and no
// PHPUnit: the edit-and-test loop. Either way the times are kept in bench-results/test-times.json
// for the benchmark's table (test/bench/suite-times.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';
import { runPhpUnit } from './phpunit.mjs';
import { QUICK, WITH_DATABASE, WITHOUT_DATABASE } from './test-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** A niceness that leaves the compile most of a contended core (CFS weights 1024 to 110). */
const YIELDING_PRIORITY = 10;

/**
 * Runs `command`, its output shown; resolves with its exit code. `yielding`, it runs at a lower
 * priority (nice 10, its children too), so that better-sqlite3's compile beside it keeps its core:
 * the rest of the run waits on that compile, not on this.
 */
function run(command, args, { env = process.env, yielding = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    if (yielding && child.pid !== undefined) setPriority(child.pid, YIELDING_PRIORITY);
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const quick = process.argv[2] === '--quick';
/** vitest's arguments given to `npm test` (`npm test -- --project unit`); none for test:quick. */
const given = quick ? [] : process.argv.slice(2);
const projectArgs = (names) => names.flatMap((name) => ['--project', name]);

const started = Date.now();
const loadAtStart = loadavg()[0];
const seconds = (from) => Math.round((Date.now() - from) / 1000);
const since = (from) => `${seconds(from)} s`;
const lines = [];
/** The times of this run, for bench-results/test-times.json. */
const times = { install: 0, build: 0, php: 0, vitest: 0 };

let from = Date.now();
// A fresh install's compile of better-sqlite3 goes on beside the build, PHPUnit and the projects
// that need no database: on two cores, the one the compile leaves idle does their work, the build
// and vitest at a lower priority, so that the compile keeps its own core (scripts/ensure-deps.mjs,
// scripts/test-projects.mjs).
const { compiled, compiling } = await ensureDependencies({ compileLater: true });
times.install = seconds(from);

from = Date.now();
const built = quick ? 0 : await run(bin('rollup'), ['-c', '--silent'], { yielding: compiling });
times.build = seconds(from);
if (!quick) lines.push(`Build (rollup -c): ${built === 0 ? 'done' : 'FAILED'} in ${since(from)}`);

let failed = built !== 0;
/** What each vitest run handed over (test/timing-reporter.ts), merged. */
const summary = { files: [], projects: [] };
if (!failed) {
  if (!quick) {
    from = Date.now();
    const php = await runPhpUnit();
    times.php = seconds(from);
    lines.push(`PHPUnit (test/php): ${php.outcome} in ${since(from)}`);
    failed = php.code !== 0;
  }

  // Without arguments of its own, the run is cut in two while the compile goes on.
  const projects = quick ? QUICK : [...WITHOUT_DATABASE, ...WITH_DATABASE];
  const early =
    compiling && given.length === 0
      ? WITHOUT_DATABASE.filter((name) => projects.includes(name))
      : [];
  if (early.length > 0)
    failed = (await vitest(projectArgs(early), 'while better-sqlite3 compiles', true)) || failed;

  // The wait for the compile counts as the install's.
  from = Date.now();
  const compile = await compiled;
  times.install += seconds(from);
  if (compile !== 0) {
    lines.push('vitest: not run (better-sqlite3 did not compile: npm rebuild better-sqlite3)');
    finish(true);
  }
  const rest =
    given.length > 0 ? given : projectArgs(projects.filter((name) => !early.includes(name)));
  failed = (await vitest(rest, early.length > 0 ? 'once it had' : '')) || failed;
} else {
  lines.push('PHPUnit: not run (the build failed)', 'vitest: not run (the build failed)');
  // The compile is let finish: cut short, it would be begun again by the next run.
  await compiled;
}
finish(failed);

/**
 * Runs vitest with `args`, its summary merged into `summary` and said in `lines` (`when`: which of
 * two runs it was; `yielding`, beside the compile). Resolves true when it failed.
 */
async function vitest(args, when, yielding = false) {
  const scratch = mkdtempSync(join(tmpdir(), 'fm-test-'));
  const summaryFile = join(scratch, 'summary.json');
  const from = Date.now();
  const code = await run(bin('vitest'), ['run', ...args], {
    env: { ...process.env, FM_TEST_SUMMARY: summaryFile },
    yielding,
  });
  times.vitest += seconds(from);
  let handed = null;
  try {
    handed = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    handed = null;
  }
  rmSync(scratch, { recursive: true, force: true });
  summary.files.push(...(handed?.files ?? []));
  summary.projects.push(...(handed?.projects ?? []));
  lines.push(
    `vitest${when ? ` (${when})` : ''}: ${code === 0 ? 'passed' : 'FAILED'} in ${since(from)}`,
  );
  lines.push(
    ...(handed?.ran ?? [
      '  (no summary from test/timing-reporter.ts: vitest stopped before the end)',
    ]),
  );
  return code !== 0;
}

/** Prints what ran, keeps the times and exits: 1 when anything failed. */
function finish(failed) {
  lines.push('Lint and typecheck: not part of npm test (npm run lint, npm run typecheck)');
  const command = quick ? 'npm run test:quick' : 'npm test';
  console.log(
    `\n${command} ran, in ${since(started)}:\n${lines.map((line) => `  ${line}`).join('\n')}`,
  );
  keepTimes(failed);
  process.exit(failed ? 1 : 0);
}

/**
 * Writes this run's times into bench-results/test-times.json (the last full run and the last
 * quick one, each under its own key) when it ran the whole of its projects: a run narrowed by
 * arguments measures something else.
 */
function keepTimes(failed) {
  if (given.length > 0) return;
  const file = join(root, 'bench-results', 'test-times.json');
  let kept = {};
  try {
    kept = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // None yet, or unreadable: begin again.
  }
  /** Per project, the sum of its files' times (files of a project can run side by side). */
  const projects = {};
  for (const entry of summary.files) {
    projects[entry.project] = (projects[entry.project] ?? 0) + entry.seconds;
  }
  kept[quick ? 'quick' : 'full'] = {
    date: new Date().toISOString(),
    passed: !failed,
    seconds: seconds(started),
    ...times,
    freshInstall: times.install > 5,
    projectFileSeconds: Object.fromEntries(
      Object.entries(projects).map(([name, total]) => [name, Math.round(total)]),
    ),
    tests: Object.fromEntries(
      summary.projects.map((project) => [
        project.name,
        { passed: project.passed, failed: project.failed, skipped: project.skipped },
      ]),
    ),
    cores: availableParallelism(),
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
  };
  if (!existsSync(join(root, 'bench-results'))) mkdirSync(join(root, 'bench-results'));
  writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
}
