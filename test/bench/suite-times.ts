// The test suite's own times, beside the page budgets: what the last `npm test` and the last
// `npm run test:quick` took on this machine, as scripts/test.mjs kept them in
// bench-results/test-times.json (the bench runs no test itself). Printed, never enforced: a run
// on a machine busy with other work takes longer, and says how busy it was (its load average).
import { readFileSync } from 'node:fs';

/** `npm test` on a fresh clone (its npm ci included) of a two-core machine. */
export const FULL_BUDGET_S = 600;
/** `npm run test:quick`, the edit-and-test loop (unit and server projects). */
export const QUICK_BUDGET_S = 90;

export interface SuiteRun {
  date: string;
  passed: boolean;
  seconds: number;
  install: number;
  build: number;
  php: number;
  vitest: number;
  freshInstall: boolean;
  projectFileSeconds: Record<string, number>;
  tests: Record<string, { passed: number; failed: number; skipped: number }>;
  cores: number;
  loadAverage: { start: number; end: number };
}

export interface SuiteTimes {
  full?: SuiteRun;
  quick?: SuiteRun;
}

export function readSuiteTimes(file = 'bench-results/test-times.json'): SuiteTimes {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SuiteTimes;
  } catch {
    return {};
  }
}

/** The table's rows: one per command that has run here, with its budget. */
export function suiteRows(times: SuiteTimes) {
  const row = (command: string, run: SuiteRun | undefined, budget: number) =>
    run
      ? {
          command,
          when: run.date.slice(0, 16).replace('T', ' '),
          passed: run.passed,
          total: `${run.seconds} s`,
          'npm ci': `${run.install} s`,
          build: `${run.build} s`,
          vitest: `${run.vitest} s`,
          'per project (sum of file times)': Object.entries(run.projectFileSeconds)
            .map(([name, seconds]) => `${name} ${seconds} s`)
            .join(', '),
          load: `${run.loadAverage.start.toFixed(1)}→${run.loadAverage.end.toFixed(1)} on ${run.cores} cores`,
          budget: `≤ ${budget} s`,
          ok: run.seconds <= budget,
        }
      : { command, when: 'not run here yet', budget: `≤ ${budget} s` };
  return [
    row('npm test', times.full, FULL_BUDGET_S),
    row('npm run test:quick', times.quick, QUICK_BUDGET_S),
  ];
}
