// A reporter beside vitest's default one (vitest.config.ts): at the end of a run it prints the
// time of each test file, slowest first, and what ran in each project — how many tests passed,
// failed or were skipped, and why a part was skipped when an engine or PHP is missing (the specs
// skip themselves then: `browserAvailable`, `engineAvailable`, `phpInstalled`). With
// FM_TEST_SUMMARY set (scripts/test.mjs) it also writes that summary there as JSON, for the
// summary `npm test` ends with.
import { existsSync, writeFileSync } from 'node:fs';
import type { ProvidedContext } from 'vitest';
import type { Reporter, TestCase, TestModule, TestProject, Vitest } from 'vitest/node';
import { CHROMIUM_CANDIDATES } from './browser/global-setup';

/** One project's tests: counted per state, and the files some of whose tests were skipped. */
export interface ProjectSummary {
  name: string;
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Where tests were skipped: how many, and why when it is known. */
  skippedIn: { file: string; count: number; reason: string | null }[];
  /** The engines of the project (Chromium; Firefox, WebKit) and whether each ran. */
  parts: { name: string; ran: number; skipped: number; reason: string | null }[];
}

export interface RunSummary {
  /** The file times, slowest first. */
  files: { file: string; project: string; tests: number; seconds: number }[];
  projects: ProjectSummary[];
}

const PHP_PATH = process.env.PHP_PATH ?? '/usr/bin/php';

/**
 * Why each engine of `project` cannot run here (null: it can), from what its global setup
 * provided: the browser project's Chromium, the engines project's Firefox and WebKit.
 */
function missingEngines(project: TestProject): Record<string, string | null> {
  // Only what the project's own global setup provided is there.
  const provided: Partial<ProvidedContext> = project.getProvidedContext();
  if (project.name === 'browser' && provided.chromiumPath !== undefined) {
    return {
      Chromium:
        provided.chromiumPath === null
          ? `Chromium was not found at ${process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.join(' or ')}`
          : null,
    };
  }
  if (project.name === 'engines' && provided.enginesMissing) return provided.enginesMissing;
  return {};
}

/** The engine `test` runs in: the browser project's one, or its outermost suite's (engines). */
function engineOf(test: TestCase, engines: Record<string, string | null>): string | null {
  if ('Chromium' in engines) return 'Chromium';
  const outermost = test.fullName.split(' > ')[0] ?? '';
  return outermost in engines ? outermost : null;
}

function summariseProject(project: TestProject, modules: TestModule[]): ProjectSummary {
  const summary: ProjectSummary = {
    name: project.name,
    files: modules.length,
    passed: 0,
    failed: 0,
    skipped: 0,
    skippedIn: [],
    parts: [],
  };
  const engines = missingEngines(project);
  const parts = new Map(Object.keys(engines).map((name) => [name, { ran: 0, skipped: 0 }]));
  for (const module of modules) {
    const reasons = new Map<string | null, number>();
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      const engine = engineOf(test, engines);
      const part = engine === null ? undefined : parts.get(engine);
      if (state === 'passed' || state === 'failed') {
        summary[state] += 1;
        if (part) part.ran += 1;
        continue;
      }
      summary.skipped += 1;
      if (part) part.skipped += 1;
      // A spec skips itself when its engine or PHP is missing; otherwise it was left out (-t).
      const reason =
        (engine === null ? null : engines[engine]) ??
        (/PHP/.test(test.fullName) && !existsSync(PHP_PATH)
          ? `PHP was not found at ${PHP_PATH}`
          : null);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    for (const [reason, count] of reasons) {
      summary.skippedIn.push({ file: module.relativeModuleId, count, reason });
    }
  }
  summary.parts = [...parts].map(([name, counts]) => ({
    name,
    ...counts,
    reason: engines[name] ?? null,
  }));
  return summary;
}

function summarise(
  modules: ReadonlyArray<TestModule>,
  projects: ReadonlyArray<TestProject>,
): RunSummary {
  const files = modules
    .map((module) => ({
      file: module.relativeModuleId,
      project: module.project.name,
      tests: [...module.children.allTests()].length,
      seconds: module.diagnostic().duration / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  return {
    files,
    projects: projects
      .map((project) =>
        summariseProject(
          project,
          modules.filter((module) => module.project.name === project.name),
        ),
      )
      .filter((summary) => summary.files > 0),
  };
}

const seconds = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} s`.padStart(9);

/** The file times, slowest first. */
function formatTimes(summary: RunSummary): string[] {
  const lines = ['', 'Time per test file, slowest first (its tests and hooks):'];
  const width = Math.max(...summary.files.map((entry) => entry.file.length), 10);
  for (const entry of summary.files) {
    lines.push(
      `${seconds(entry.seconds)}  ${entry.project.padEnd(8)} ${entry.file.padEnd(width)} ${String(entry.tests).padStart(5)} tests`,
    );
  }
  const total = summary.files.reduce((sum, entry) => sum + entry.seconds, 0);
  lines.push(`${seconds(total)}  in all, ${summary.files.length} files`);
  return lines;
}

/** What ran in each project, and what was skipped and why. */
function formatRan(summary: RunSummary): string[] {
  const lines: string[] = [];
  for (const project of summary.projects) {
    lines.push(
      `  ${project.name}: ${project.passed} passed, ${project.failed} failed, ${project.skipped} skipped in ${project.files} files`,
    );
    for (const part of project.parts) {
      lines.push(
        part.ran > 0
          ? `    ${part.name}: ran (${part.ran} tests)`
          : `    ${part.name}: skipped (${part.skipped} tests), because ${part.reason ?? 'its tests were left out of this run'}`,
      );
    }
    for (const { file, count, reason } of project.skippedIn) {
      lines.push(`    ${count} skipped in ${file}${reason ? `: ${reason}` : ''}`);
    }
  }
  return lines;
}

export default class TimingReporter implements Reporter {
  private projects: ReadonlyArray<TestProject> = [];

  onInit(vitest: Vitest): void {
    this.projects = vitest.projects;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const summary = summarise(modules, this.projects);
    const ran = formatRan(summary);
    console.log([...formatTimes(summary), '', 'What vitest ran:', ...ran].join('\n'));
    const out = process.env.FM_TEST_SUMMARY;
    if (out) writeFileSync(out, JSON.stringify({ ...summary, ran }, null, 2));
  }
}
