import * as v from 'valibot';
import { dateTime, expected, isoDateTime, nonNegative, num, text } from './decode';
import { segment } from './paths';
import { id, nullableOf } from './shapes';
import { deviceRecordId, errorResponse, optionalId, siteTimeAction } from './shared';

// 23. Is the engineer signed on? (an open site time)
export function siteTimeIndexPath(jobId: number): string {
  return `/api/site_times/index/${segment(jobId)}`;
}
/**
 * Signed on: success with the open site time; not signed on: an error answer with HTTP 200. A host
 * may add the job's status (job_status_id), so that a finished job offers no sign on.
 */
export const siteTimeIndexResponse = v.variant('status', [
  v.object({
    status: v.literal('success'),
    data: v.object({ SiteTime: v.object({ id }) }),
    job_status_id: optionalId,
  }),
  v.object({ ...errorResponse.entries, job_status_id: optionalId }),
]);
export type SiteTimeIndexResponse = v.InferOutput<typeof siteTimeIndexResponse>;

// 24. Sign on, sign off, complete, remote fix
export function siteTimeSavePath(): string {
  return '/api/site_times/save';
}
export const geoPosition = v.object({
  lat: v.pipe(
    num,
    v.check((n: number) => n >= -90 && n <= 90, expected('a latitude (-90 to 90)')),
  ),
  long: v.pipe(
    num,
    v.check((n: number) => n >= -180 && n <= 180, expected('a longitude (-180 to 180)')),
  ),
  accuracy: v.pipe(num, nonNegative),
});
export type GeoPosition = v.InferOutput<typeof geoPosition>;
/**
 * Made on the device when the engineer presses a button (a UUID), and sent again with every
 * repeat of that action (a replay after a lost answer): the field a backend recognises a repeat by.
 */
export const actionId = deviceRecordId('an action id');
/**
 * id is the open site time (null to sign on); client_time, when given, is the on/off time;
 * action_id, when given, makes the call idempotent: a repeat is answered as the first time.
 */
export const siteTimeSaveRequest = v.object({
  id: optionalId,
  job_id: id,
  geo: geoPosition,
  action: siteTimeAction,
  note: v.optional(text),
  client_time: v.optional(isoDateTime),
  action_id: v.optional(actionId),
});
export type SiteTimeSaveRequest = v.InferOutput<typeof siteTimeSaveRequest>;
export const siteTimeData = v.object({
  on_site: dateTime,
  off_site: nullableOf(dateTime),
  formatted_on_site: text,
  formatted_off_site: nullableOf(text),
});
export type SiteTimeData = v.InferOutput<typeof siteTimeData>;
export const siteTimeSaveResponse = v.object({
  status: v.literal('success'),
  action: siteTimeAction,
  id,
  message: text,
  data: siteTimeData,
});
export type SiteTimeSaveResponse = v.InferOutput<typeof siteTimeSaveResponse>;

// The site time form's post (`SiteTime[...]` fields), answered as JSON to a client that asks for it
export function siteTimeAddPath(jobId: number): string {
  return `/site_times/add/${segment(jobId)}`;
}
/**
 * `SiteTime[entry_id]`, made on the device when the engineer saved the form there: a host answers
 * a repeat as the first time, recording nothing new.
 */
export const entryId = deviceRecordId('an entry id');
/** The answer to a client asking for JSON: what was recorded, and the page to go to next. */
export const siteTimeAddResponse = v.object({
  status: v.literal('success'),
  message: text,
  location: text,
});
export type SiteTimeAddResponse = v.InferOutput<typeof siteTimeAddResponse>;
