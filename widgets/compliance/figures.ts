import type { Row } from '../../src/ui/columns';
import type messages from './messages';

export type ComplianceWords = (typeof messages)['compliance'];

/** The four compliance statuses, in the order the charts and tables show them. */
export const COMPLIANCE_STATUSES = ['compliant', 'remedial', 'overdue', 'not_compliant'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** Each status's word: the legend's, the charts' and the tables'. */
export const STATUS_WORDS = {
  compliant: 'compliant',
  remedial: 'remedial',
  overdue: 'overdue',
  not_compliant: 'notCompliant',
} as const satisfies Record<ComplianceStatus, keyof ComplianceWords>;

/**
 * The chart palette (docs/requirements.md §9: not compliant red, remedial amber, overdue orange,
 * compliant green): tokens of the token sheet, Bootstrap's red, amber, orange and green, the same
 * in light and dark mode.
 */
export const COMPLIANCE_COLOURS = {
  compliant: '--_fm-chart-compliant',
  remedial: '--_fm-chart-remedial',
  overdue: '--_fm-chart-overdue',
  not_compliant: '--_fm-chart-not-compliant',
} as const satisfies Record<ComplianceStatus, `--${string}`>;

export interface ComplianceGroup {
  name: string;
  counts: Record<ComplianceStatus, number>;
  total: number;
  /** Share of each status, 0–100. */
  percent: Record<ComplianceStatus, number>;
}

const count = (value: unknown) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : 0;
};

/** The rows' counts summed per `groupBy` value (the asset category), in first-seen order. */
export function groupFigures(rows: readonly Row[], groupBy = 'category'): ComplianceGroup[] {
  const groups = new Map<string, Record<ComplianceStatus, number>>();
  for (const row of rows) {
    const name = String(row[groupBy] ?? '');
    const counts = groups.get(name) ?? { compliant: 0, remedial: 0, overdue: 0, not_compliant: 0 };
    for (const status of COMPLIANCE_STATUSES) counts[status] += count(row[status]);
    groups.set(name, counts);
  }
  return [...groups].map(([name, counts]) => {
    const total = COMPLIANCE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
    const percent = { ...counts };
    for (const status of COMPLIANCE_STATUSES) {
      percent[status] = total === 0 ? 0 : (100 * counts[status]) / total;
    }
    return { name, counts, total, percent };
  });
}

/** '82.4%' */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** The chart's words: 'HVAC: 82.4% compliant, 8.1% remedial, 5.4% overdue, 4.1% not compliant'. */
export function groupSummary(group: ComplianceGroup, words: ComplianceWords): string {
  const { percent } = group;
  return words.chartSummary({
    category: group.name,
    compliant: formatPercent(percent.compliant),
    remedial: formatPercent(percent.remedial),
    overdue: formatPercent(percent.overdue),
    notCompliant: formatPercent(percent.not_compliant),
  });
}
