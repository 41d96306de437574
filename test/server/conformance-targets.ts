// The reference host's fixtures (docs/reference-host.md) as a conformance run names them: the ids
// of the GET calls, and the disposable ids of the writes (job 1001 awaits release; cost 3 is job
// 1003's capex quote; site 2 has links; user 32 is an engineer not yet on job 1001; job 1004 is
// released to an engineer, and job 1011 awaits release too).

export const READ_ARGS = [
  '--job',
  '1001',
  '--site',
  '1',
  '--asset',
  '1',
  '--tile',
  '1',
  '--external-job',
  '55001',
];

export const WRITE_ARGS = [
  '--write',
  '--write-job',
  '1001',
  '--write-signon-job',
  '1004',
  '--write-reject-job',
  '1011',
  '--write-cost',
  '3',
  '--write-cost-job',
  '1003',
  '--write-site',
  '2',
  '--engineer',
  '32',
];
