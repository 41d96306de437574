import * as v from 'valibot';
import { AUTHORISED_VIA, COST_TYPE, SITE_TIME_ACTIONS, VALIDATION_STATUS } from './constants';
import { expected, int, text } from './decode';
import { id, nullableOf } from './shapes';

// Shared pieces
/** Text with something in it besides spaces. */
export const filledText = v.pipe(
  text,
  v.check((value: string) => value.trim() !== '', expected('non-empty text')),
);

/** An id that may be null, '' or absent (then null). */
export const optionalId = v.optional(nullableOf(id), null);

/** 1 cost or 3 quote. */
export const costTypeId = v.pipe(int, v.picklist([COST_TYPE.cost, COST_TYPE.quote]));

/** 0 No, 1 Yes, 2 N/A. */
export const validationStatus = v.pipe(
  int,
  v.picklist([VALIDATION_STATUS.no, VALIDATION_STATUS.yes, VALIDATION_STATUS.na]),
);

export const authorisedVia = v.picklist(AUTHORISED_VIA);
export type AuthorisedVia = v.InferOutput<typeof authorisedVia>;

/**
 * An id made on the device for one record (an action, a photo, a typed site time) and sent with
 * every try of it, so that a host recognises a repeat: up to 64 letters, digits and -.
 */
export function deviceRecordId(what: string) {
  return v.pipe(
    v.string(expected(what)),
    v.regex(/^[A-Za-z0-9-]{1,64}$/, expected(`${what} (up to 64 letters, digits and -)`)),
  );
}

export const siteTimeAction = v.picklist(SITE_TIME_ACTIONS);
export type SiteTimeAction = v.InferOutput<typeof siteTimeAction>;

/** `{ status: 'success', message }`, the answer of most writes. */
export const successMessageResponse = v.object({ status: v.literal('success'), message: text });
export type SuccessMessageResponse = v.InferOutput<typeof successMessageResponse>;

/** What the host answers, with HTTP 4xx/5xx, when a call fails. */
export const errorResponse = v.object({
  status: v.literal('error'),
  message: v.union([text, v.array(text)], expected('text or a list of text')),
});
export type ErrorResponse = v.InferOutput<typeof errorResponse>;

/** An error response's messages as a list (the host sends one string or several). */
export function errorMessages(response: ErrorResponse): string[] {
  return typeof response.message === 'string' ? [response.message] : response.message;
}
