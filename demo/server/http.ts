import type { Context } from 'hono';
import type * as v from 'valibot';
import { ContractError, decode } from '../../src/core/contract/decode';

/** A request body as a PHP controller sees `$this->request->getData()`: nested fields, files kept. */
export type Body = { [key: string]: unknown };

export type AppEnv = {
  Variables: {
    csrfToken: string;
    body: Body;
    /** This answer's CSP script nonce under the nonce policy (csp.ts); undefined under 'self'. */
    cspNonce: string | undefined;
  };
};

/** A route's handler, made for one app's deps and registered by name: `app.get(path, handler)`. */
export type AppHandler = (c: Context<AppEnv>) => Response | Promise<Response>;

/** Thrown by handlers; the app turns it into `{ status: 'error', message }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 409 | 413 | 414,
    readonly messages: string | string[],
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
  }
}

/** Whether the client asked for JSON (a script, or a PHP controller calling on), not a page. */
export const asksForJson = (c: Context) =>
  (c.req.header('accept') ?? '').includes('application/json');

export const badRequest = (message: string | string[]) => new HttpError(400, message);
export const notFound = (what: string, id: number | string) =>
  new HttpError(404, `${what} ${id} not found`);

export function errorBody(message: string | string[]) {
  return { status: 'error' as const, message };
}

/**
 * Reads the body once, whatever PHP-style encoding it came in: JSON, form-encoded or multipart.
 * Form keys in bracket notation (`Job[contractor_id]`, `CostValidate[3]`, `ids[]`) become nested
 * objects and arrays, as PHP builds them.
 */
export async function readBody(c: Context<AppEnv>): Promise<Body> {
  const cached = c.get('body');
  if (cached) return cached;
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let body: Body = {};
  if (type.startsWith('application/json')) {
    const text = await c.req.text();
    if (text.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest('The request body is not valid JSON');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw badRequest('The request body must be a JSON object');
      }
      body = parsed as Body;
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    body = nestFields(new URLSearchParams(await c.req.text()));
  } else if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw badRequest('The multipart request body could not be read');
    }
    body = nestFields(form.entries());
  }
  c.set('body', body);
  return body;
}

/** `a[b][]=1` style keys → nested objects and arrays. */
export function nestFields(entries: Iterable<[string, unknown]>): Body {
  const root: Body = {};
  for (const [key, value] of entries) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) {
      root[key] = value;
      continue;
    }
    const path = [
      match[1] as string,
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    let node: Body | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsList = path[index + 1] === '';
      const container = node as Record<string, unknown> & unknown[];
      if (segment === '' && Array.isArray(node)) {
        if (last) {
          node.push(value);
        } else {
          const child = nextIsList ? [] : {};
          node.push(child);
          node = child;
        }
        return;
      }
      if (last) {
        container[segment] = value;
        return;
      }
      const existing = container[segment];
      if (existing === null || typeof existing !== 'object') {
        container[segment] = nextIsList ? [] : {};
      }
      node = container[segment] as Body | unknown[];
    });
  }
  return root;
}

/** The request's query string as nested fields (`filters[site_id]=1,2`, `filter[status]=x`). */
export function readQuery(c: Context): Body {
  return nestFields(new URL(c.req.url).searchParams.entries());
}

/**
 * Validates `input` with a contract (or local) schema, throwing 400 with messages that name each
 * field at fault, worded as the widgets' own decoding words them.
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  try {
    return decode(schema, input, 'request');
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    const issues = [...error.issues];
    throw badRequest(issues.length === 1 ? (issues[0] as string) : issues);
  }
}

/** A positive whole-number id from a path segment, else 400 naming the parameter. */
export function idParam(value: string | undefined, name: string): number {
  if (value === undefined || !/^[1-9]\d*$/.test(value)) {
    throw badRequest(`${name} must be a positive whole number, got '${value ?? ''}'`);
  }
  return Number(value);
}
