import 'vitest-canvas-mock';
import { Chart } from 'chart.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPLIANCE_COLOURS, groupFigures, groupSummary } from '../../widgets/compliance/figures';
import '../../widgets/compliance/index';
import messages from '../../widgets/compliance/messages';
import { answerRows } from './rows-answer';

const ROWS = [
  { site: 'York', category: 'HVAC', compliant: 8, remedial: 1, overdue: 1, not_compliant: 0 },
  { site: 'Leeds', category: 'HVAC', compliant: '12', remedial: 1, overdue: 0, not_compliant: 2 },
  { site: 'York', category: 'Lifts', compliant: 0, remedial: 0, overdue: 0, not_compliant: 0 },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('compliance figures', () => {
  it('sum each category and give each status its share', () => {
    const [hvac, lifts] = groupFigures(ROWS);
    expect(hvac).toMatchObject({
      name: 'HVAC',
      total: 25,
      counts: { compliant: 20, remedial: 2, overdue: 1, not_compliant: 2 },
      percent: { compliant: 80, remedial: 8, overdue: 4, not_compliant: 8 },
    });
    expect(lifts?.percent).toEqual({ compliant: 0, remedial: 0, overdue: 0, not_compliant: 0 });
    expect(groupSummary(hvac as NonNullable<typeof hvac>, messages.compliance)).toBe(
      'HVAC: 80.0% compliant, 8.0% remedial, 4.0% overdue, 8.0% not compliant',
    );
  });

  it('use one palette, the token sheet’s: compliant, remedial, overdue, not compliant', () => {
    expect(COMPLIANCE_COLOURS).toEqual({
      compliant: '--_fm-chart-compliant',
      remedial: '--_fm-chart-remedial',
      overdue: '--_fm-chart-overdue',
      not_compliant: '--_fm-chart-not-compliant',
    });
  });
});

describe('fm-compliance', () => {
  it('draws a named doughnut per category in the palette, and destroys it when removed', async () => {
    answerRows(ROWS);
    // The token sheet's values as a host's mode makes them (the sheet itself is not loaded here;
    // happy-dom computes a custom property only on the element whose rule sets it, and not again
    // when an ancestor's attribute changes: each mode is a sheet of its own).
    const tokens = document.createElement('style');
    const sheet = (bg: string) => `
      canvas { --_fm-chart-compliant: #198754; --_fm-chart-remedial: #ffc107;
        --_fm-chart-overdue: #fd7e14; --_fm-chart-not-compliant: #dc3545; --_fm-body-bg: ${bg} }`;
    tokens.textContent = sheet('#fff');
    document.head.append(tokens);
    document.body.innerHTML = '<fm-compliance data-url="/api/reports/compliance"></fm-compliance>';
    const element = document.querySelector('fm-compliance') as HTMLElement;
    // The canvases are in the DOM before the effect that draws on them has run.
    await vi.waitFor(
      () => {
        expect(element.querySelectorAll('canvas[role="img"]')).toHaveLength(2);
        expect(Chart.getChart(element.querySelector('canvas') as HTMLCanvasElement)).toBeDefined();
      },
      { timeout: 5000 },
    );
    const canvas = element.querySelector('canvas') as HTMLCanvasElement;
    expect(canvas.getAttribute('aria-label')).toBe(
      'HVAC: 80.0% compliant, 8.0% remedial, 4.0% overdue, 8.0% not compliant',
    );
    const chart = Chart.getChart(canvas);
    expect(chart?.config.data.datasets[0]?.backgroundColor).toEqual([
      '#198754',
      '#ffc107',
      '#fd7e14',
      '#dc3545',
    ]);
    expect(chart?.config.data.datasets[0]?.borderColor).toBe('#fff');
    expect(chart?.config.data.datasets[0]?.data).toEqual([20, 2, 1, 2]);
    // The host switches to dark mode: the chart is drawn again in the tokens' new values.
    tokens.textContent = sheet('#212529');
    document.documentElement.setAttribute('data-bs-theme', 'dark');
    await vi.waitFor(() =>
      expect(Chart.getChart(canvas)?.config.data.datasets[0]?.borderColor).toBe('#212529'),
    );
    document.documentElement.removeAttribute('data-bs-theme');
    tokens.remove();
    expect(element.querySelector('caption')?.textContent).toBe('Compliance by category');
    element.remove();
    await vi.waitFor(() => expect(Chart.getChart(canvas)).toBeUndefined(), { timeout: 5000 });
  });

  it("shows the legend, captions and chart names in the element's data-messages", async () => {
    answerRows(ROWS);
    const own = {
      'compliance.overdue': 'Late',
      'compliance.chartCaption': '{category}: {compliant} in order',
      'compliance.chartSummary':
        '{category}: {compliant} in order, {remedial} to mend, {overdue} late, {notCompliant} failing',
    };
    document.body.innerHTML = `<fm-compliance data-url="/api/reports/compliance" data-messages='${JSON.stringify(own)}'></fm-compliance>`;
    const element = document.querySelector('fm-compliance') as HTMLElement;
    const canvas = await vi.waitFor(
      () => {
        const drawn = element.querySelector<HTMLCanvasElement>('canvas[role="img"]');
        if (!drawn || !Chart.getChart(drawn)) throw new Error('no chart yet');
        return drawn;
      },
      { timeout: 5000 },
    );
    expect(canvas.getAttribute('aria-label')).toBe(
      'HVAC: 80.0% in order, 8.0% to mend, 4.0% late, 8.0% failing',
    );
    expect(element.querySelector('figcaption')?.textContent).toBe('HVAC: 80.0% in order');
    expect(
      [...element.querySelectorAll('.fm-compliance__legend li')].map((item) => item.textContent),
    ).toEqual(['Compliant', 'Remedial', 'Late', 'Not compliant']);
    // The chart's own labels (its tooltips) are the same words.
    await vi.waitFor(() =>
      expect(Chart.getChart(canvas)?.data.labels).toEqual([
        'Compliant',
        'Remedial',
        'Late',
        'Not compliant',
      ]),
    );
    element.remove();
  });
});
