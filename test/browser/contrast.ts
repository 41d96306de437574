import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/*
 * axe-core's colour-contrast rule on the widgets only (every fm-* element, and the dialogs and
 * calendars they open), in a colour mode set the way a Bootstrap 5.3 host sets it: shared by the
 * Chromium suite and the Firefox and WebKit one. Each function below runs in the page (its source
 * is sent: no closures).
 */

const require = createRequire(import.meta.url);

/** axe-core, to be evaluated in the page before contrastIn(). */
export const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The colour modes a host sets: Bootstrap 5.3's `data-bs-theme` on <html>. */
export const COLOUR_MODES = ['light', 'dark'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

/** One element whose text does not stand out enough from its background. */
export interface ContrastFailure {
  target: string;
  /** axe's summary: the two colours and their ratio. */
  why: string;
}

/**
 * In the page: sets the mode, waits for the transitions it starts (Bootstrap fades a button's
 * colours), and gives what axe's colour-contrast rule finds inside the widgets.
 */
export async function contrastIn(mode: ColourMode): Promise<ContrastFailure[]> {
  document.documentElement.setAttribute('data-bs-theme', mode);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await Promise.all(document.getAnimations().map((animation) => animation.finished));
  const tags = new Set(
    [...document.querySelectorAll('*')]
      .map((element) => element.localName)
      .filter((tag) => tag.startsWith('fm-')),
  );
  const ours = [
    ...tags,
    '[role="dialog"]',
    '[role="alertdialog"]',
    '.flatpickr-calendar.open',
  ].join();
  // The outermost of ours: an element of ours inside another is checked with it.
  const roots = [...document.querySelectorAll(ours)].filter(
    (element) => !element.parentElement?.closest(ours),
  );
  if (roots.length === 0) return [];
  type Result = { violations: { nodes: { target: unknown[]; failureSummary?: string }[] }[] };
  const axe = (
    window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }
  ).axe;
  const result = await axe.run(
    { include: roots },
    { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] },
  );
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      why: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  );
}
