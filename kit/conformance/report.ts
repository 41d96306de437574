import type { Problem } from './check';
import type { CallResult, Report } from './run';

/** The report for a person: a line per call, and under a failure what was wrong. */

const LABEL = { pass: 'PASS', fail: 'FAIL', skipped: 'SKIP' } as const;

function problemLine(problem: Problem): string {
  const at = problem.field ? `${problem.field}: ` : '';
  // A decoder's message already ends with what came ("got …").
  const received =
    problem.received === undefined || problem.field ? '' : ` (received ${problem.received})`;
  const flag = problem.flag === 'shape' ? '' : `[${problem.flag}] `;
  return `        ${flag}${at}${problem.message}${received}`;
}

function resultLines(result: CallResult, base: string, width: number): string[] {
  const head = `${LABEL[result.outcome]}  ${result.method.padEnd(4)} ${result.call.padEnd(width)}`;
  if (result.outcome === 'skipped') return [`${head}  (${result.reason})`];
  // A failure names its whole URL; a pass, under the base the heading names, its path.
  const url = result.url ?? '';
  const where = result.outcome === 'pass' ? url.slice(base.length) : url;
  const timing = result.ms === undefined ? '' : `  ${result.ms} ms`;
  return [`${head}  ${where}${timing}`.trimEnd(), ...result.problems.map(problemLine)];
}

export function formatReport(report: Report): string {
  const width = Math.max(...report.results.map((result) => result.call.length));
  const mode = report.write ? 'reads and writes' : 'reads only (give --write for the writes)';
  const { pass, fail, skipped } = report.counts;
  return [
    `fm-conformance against ${report.base}: ${mode}; CSRF token ${report.csrf}`,
    '',
    ...report.results.flatMap((result) => resultLines(result, report.base, width)),
    '',
    `${pass} passed, ${fail} failed, ${skipped} skipped`,
  ].join('\n');
}
