import { ArcElement, Chart, DoughnutController, Legend, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTokens } from '../../src/ui/colour-mode';

// Only the doughnut's pieces (docs/libraries.md: ≈ 45 KB gzip against ≈ 68 KB for chart.js/auto).
Chart.register(DoughnutController, ArcElement, Tooltip, Legend);

export interface DoughnutSegment {
  label: string;
  value: number;
  /** The token (a custom property of the token sheet) it is drawn in. */
  colour: `--${string}`;
}

export interface DoughnutProps {
  /** What the chart shows, in words: the canvas's accessible name (it has role="img"). */
  summary: string;
  segments: readonly DoughnutSegment[];
  /** Width and height in pixels. */
  size?: number;
}

/**
 * One doughnut chart (Chart.js). The canvas is an image to assistive technology, named by
 * `summary`; pages show the same figures as text too (docs/libraries.md). Drawn without animation,
 * so it is complete at once and calm for users who prefer reduced motion. A canvas takes no CSS:
 * its colours are the tokens' values where it stands, read again when the colour mode changes
 * (the gaps between segments are the page's background, light or dark).
 */
export function Doughnut({ summary, segments, size = 180 }: DoughnutProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'doughnut'> | null>(null);
  const token = useTokens();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    Chart.getChart(element)?.destroy();
    chart.current = new Chart(element, {
      type: 'doughnut',
      data: { labels: [], datasets: [{ data: [], backgroundColor: [] }] },
      options: {
        animation: false,
        responsive: false,
        plugins: { legend: { display: false } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const current = chart.current;
    const element = canvas.current;
    if (!current || !element) return;
    current.data.labels = segments.map((segment) => segment.label);
    current.data.datasets = [
      {
        data: segments.map((segment) => segment.value),
        backgroundColor: segments.map((segment) => token(element, segment.colour)),
        borderColor: token(element, '--_fm-body-bg'),
        borderWidth: 1,
      },
    ];
    current.update();
  }, [segments, token]);

  return (
    <canvas
      ref={canvas}
      className="fm-doughnut"
      role="img"
      aria-label={summary}
      width={size}
      height={size}
    />
  );
}
