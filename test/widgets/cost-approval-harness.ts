import { vi } from 'vitest';

/** A fake host: answers by `METHOD /path`, records every request with its body. */
export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: string;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function fakeHost(routes: Record<string, Handler | unknown>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const call: Call = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: request.method === 'GET' ? '' : await request.text(),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (route === undefined)
      return json({ status: 'error', message: `no route ${call.path}` }, 404);
    const answer =
      typeof route === 'function'
        ? (route as Handler)(call)
        : route instanceof Response
          ? route.clone()
          : json(route);
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
      Promise.resolve(answer).then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The JSON bodies sent to `METHOD /path`. */
    sent: (key: string) =>
      calls
        .filter((call) => `${call.method} ${call.path}` === key)
        .map((call) => JSON.parse(call.body) as unknown),
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function find<T extends Element = HTMLElement>(
  selector: string,
  root: ParentNode = document,
) {
  return vi.waitFor(() => {
    const found = root.querySelector<T>(selector);
    if (!found) throw new Error(`${selector} not rendered yet`);
    return found;
  });
}

/** The element (button, heading, label…) whose text is `text`. */
export function byText<T extends HTMLElement = HTMLElement>(
  selector: string,
  text: string | RegExp,
) {
  return vi.waitFor(() => {
    const found = [...document.querySelectorAll<T>(selector)].find((element) =>
      typeof text === 'string'
        ? element.textContent?.trim() === text
        : text.test(element.textContent ?? ''),
    );
    if (!found) throw new Error(`${selector} "${text}" not rendered yet`);
    return found;
  });
}

/** The control labelled `label`. */
export function field<T extends HTMLElement = HTMLInputElement>(
  label: string | RegExp,
): Promise<T> {
  return vi.waitFor(() => {
    const labelElement = [...document.querySelectorAll('label')].find((element) =>
      typeof label === 'string'
        ? element.textContent?.trim() === label
        : label.test(element.textContent ?? ''),
    );
    const control = labelElement && document.getElementById(labelElement.htmlFor);
    if (!control) throw new Error(`field ${label} not rendered yet`);
    return control as T;
  });
}

/** Sets a value as a user would: React listens to input and change events. */
export function fill(
  control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
) {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

export const text = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
