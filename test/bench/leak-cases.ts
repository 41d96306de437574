/**
 * The elements of the leak run (DESIGN §7): each is connected and disconnected 200 times in a
 * page of the reference host; retained heap growth must stay ≤ 1 MB and no instance may survive.
 * A new element adds one entry.
 */
export interface LeakCase {
  tag: string;
  /** A page of the reference host whose configuration the element needs. */
  page: string;
  attributes: Record<string, string>;
  /** A selector inside the element that shows it has rendered (and started its work). */
  ready: string;
}

export const LEAK_CASES: LeakCase[] = [
  {
    tag: 'fm-engineer-job',
    page: '/engineer/jobs/1004',
    attributes: { 'data-job-id': '1004', 'data-site-lat': '53.796', 'data-site-long': '-1.547' },
    // The geo message shows at once (locating…), then the outcome; the lookup is under way.
    ready: '.fm-engineer__geo',
  },
  {
    tag: 'fm-site-time-form',
    page: '/engineer/jobs/1004',
    attributes: { 'data-job-id': '1004' },
    ready: 'form.fm-site-time-form .flatpickr-calendar',
  },
  {
    tag: 'fm-dashboard-tile',
    page: '/dashboard',
    attributes: { 'data-tile-id': '1' },
    ready: '.fm-tile__count',
  },
  {
    tag: 'fm-report',
    page: '/analytics',
    attributes: {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({
        accessToken: 'leak-run-token',
        id: 'leak-run',
        embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=leak-run',
      }),
    },
    ready: '.fm-report__frame iframe',
  },
  {
    tag: 'fm-cost-approval',
    page: '/client/jobs/view/1001',
    attributes: { 'data-job-id': '1001', 'data-external-job-id': '55001' },
    ready: '.fm-cost-approval__open',
  },
  {
    tag: 'fm-alternative-quote',
    page: '/client/jobs/view/1002',
    attributes: { 'data-job-id': '1002' },
    ready: '.fm-alt-quote__form',
  },
];
