import * as v from 'valibot';
import { id } from './shapes';
import { filledText, type SuccessMessageResponse, successMessageResponse } from './shared';

// 10. Mail the helpdesk about a job
export function mailerSendPath(): string {
  return '/api/mailer/send';
}
export const mailerSendRequest = v.object({
  job_id: id,
  subject: filledText,
  message: filledText,
  type: v.literal('helpdesk'),
});
export type MailerSendRequest = v.InferOutput<typeof mailerSendRequest>;
export const mailerSendResponse = successMessageResponse;
export type MailerSendResponse = SuccessMessageResponse;
