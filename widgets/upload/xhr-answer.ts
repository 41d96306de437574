import type { GenericSchema, InferOutput } from 'valibot';
import { ourFailure, readAnswer, refusal } from '../../src/runtime/api';

/*
 * Apart from api.ts because only fm-upload sends by other means (Dropzone's XMLHttpRequest): the
 * shared client chunk every element downloads does not carry it.
 */

/**
 * The outcome of a request sent by other means than this client (Dropzone's XMLHttpRequest), in
 * this client's terms: the decoded answer, or the ApiError this client would have thrown.
 * `timedOut` tells a request that ran out of time from one that found no server (status 0).
 */
export function readXhrAnswer<S extends GenericSchema>(
  xhr: XMLHttpRequest,
  schema: S,
  what: string,
  timedOut = false,
): InferOutput<S> {
  if (timedOut) throw ourFailure('timeout');
  if (xhr.status === 0) throw ourFailure('network');
  const contentType = xhr.getResponseHeader('content-type');
  if (xhr.status < 200 || xhr.status > 299) {
    throw refusal(xhr.status, contentType, xhr.responseText);
  }
  return readAnswer(schema, contentType, xhr.responseText, what);
}
