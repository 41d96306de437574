import * as v from 'valibot';
import { ASSET_HISTORY_DAYS } from './constants';
import { dateTime, int, nonNegative, text } from './decode';
import { segment } from './paths';
import { id } from './shapes';

// 4. Other jobs on the same asset within a window
export function assetCountPath(query: {
  jobId: number;
  siteId: number;
  assetId: number;
  days?: number;
}): string {
  const { jobId, siteId, assetId, days = ASSET_HISTORY_DAYS } = query;
  return (
    `/api/sites/asset_count/job_id:${segment(jobId)}/site_id:${segment(siteId)}` +
    `/asset_id:${segment(assetId)}/days:${segment(days)}`
  );
}
export const assetHistoryJob = v.object({ id, description: text, status: text, created: dateTime });
export type AssetHistoryJob = v.InferOutput<typeof assetHistoryJob>;
export const assetCountResponse = v.object({
  count: v.pipe(int, nonNegative),
  days: v.pipe(int, nonNegative),
  jobs: v.array(assetHistoryJob),
});
export type AssetCountResponse = v.InferOutput<typeof assetCountResponse>;
