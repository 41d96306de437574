import { createElement as h, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberSetting } from '../../src/core/config';
import { emit, type Host, useConfig, useHost } from '../../src/runtime/define';
import { defineElement } from '../../src/ui/define-element';

declare global {
  interface FmEventMap {
    'fm-test-picked': { id: number };
  }
}

interface Props {
  count: number;
  label: string;
  open: boolean;
  items: unknown;
}

/** Shows its props as text so a test can read them. */
function Probe({ count, label, open, items }: Props) {
  return h(
    'output',
    null,
    `count=${String(count)} label=${String(label)} open=${open} items=${JSON.stringify(items)}`,
  );
}

const attributes = { count: 'number', label: 'string', open: 'boolean', items: 'json' } as const;

let sequence = 0;
/** A fresh tag per test: the registry outlives each test. */
function defineProbe(
  component: (props: Props) => ReturnType<typeof Probe> = Probe,
  required?: (keyof Props)[],
) {
  const tag = `fm-probe-${++sequence}`;
  defineElement(tag, component, { attributes, ...(required ? { required } : {}) });
  return tag;
}

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

const text = (element: Element) => element.textContent ?? '';

/** Waits until React has rendered `selector` inside `element`. */
function find<T extends Element>(element: Element, selector: string): Promise<T> {
  return vi.waitFor(() => {
    const found = element.querySelector<T>(selector);
    if (!found) throw new Error(`${selector} not rendered yet`);
    return found;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('defineElement', () => {
  it('reads typed props from data attributes', async () => {
    const tag = defineProbe();
    const element = mount(
      `<${tag} data-count="12" data-label="North" data-open data-items='[1,"a"]'></${tag}>`,
    );
    await vi.waitFor(() =>
      expect(text(element)).toBe('count=12 label=North open=true items=[1,"a"]'),
    );
    expect(element.shadowRoot).toBeNull();
    expect(element.querySelector('output')).not.toBeNull();
  });

  it('re-renders on attribute changes and clears a removed attribute', async () => {
    const tag = defineProbe();
    const element = mount(`<${tag} data-count="1" data-label="a" data-open="1"></${tag}>`);
    await vi.waitFor(() => expect(text(element)).toContain('count=1 label=a open=true'));

    element.setAttribute('data-count', '2');
    element.setAttribute('data-open', 'false');
    await vi.waitFor(() => expect(text(element)).toContain('count=2 label=a open=false'));

    element.removeAttribute('data-label');
    element.setAttribute('data-open', '');
    await vi.waitFor(() => expect(text(element)).toContain('count=2 label=undefined open=true'));

    element.removeAttribute('data-open');
    await vi.waitFor(() => expect(text(element)).toContain('open=false'));
  });

  it('accepts JS properties, typed or as text, and reads them back typed', async () => {
    const tag = defineProbe();
    const element = mount(`<${tag}></${tag}>`) as HTMLElement & Partial<Props>;
    element.count = 3;
    element.items = { a: 1 };
    await vi.waitFor(() => expect(text(element)).toContain('count=3'));
    expect(text(element)).toContain('items={"a":1}');
    // r2wc's own setters would write them back as attributes.
    expect(element.getAttributeNames()).toEqual([]);

    element.setAttribute('data-count', '7');
    await vi.waitFor(() => expect(text(element)).toContain('count=7'));
    expect(element.count).toBe(7);
    element.setAttribute('data-count', 'x');
    expect(element.count).toBeUndefined();
  });

  it('keeps a property set before the tag was defined', async () => {
    const tag = `fm-probe-${++sequence}`;
    const element = mount(`<${tag}></${tag}>`) as HTMLElement & { count?: number };
    element.count = 5;
    defineElement(tag, Probe, { attributes });
    await vi.waitFor(() => expect(text(element)).toContain('count=5'));
    expect(element.count).toBe(5);
  });

  it('renders nothing before it is inserted, then the latest attributes and properties', async () => {
    const tag = defineProbe();
    const element = document.createElement(tag) as HTMLElement & Partial<Props>;
    element.setAttribute('data-count', '1');
    element.label = 'early';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(element.childNodes).toHaveLength(0);

    document.body.replaceChildren(element);
    await vi.waitFor(() =>
      expect(text(element)).toBe('count=1 label=early open=false items=undefined'),
    );
  });

  it('is harmless to define twice', () => {
    const tag = defineProbe();
    const first = customElements.get(tag);
    expect(defineElement(tag, Probe, { attributes })).toBe(first);
  });

  it('shows an inline alert naming the element and the attribute, and recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tag = defineProbe();
    mount(`<p>before</p><${tag} data-count="abc"></${tag}><p>after</p>`);
    const probe = document.querySelector(tag) as HTMLElement;

    const alert = await find(probe, '[role="alert"].fm-error');
    expect(text(alert)).toBe(`${tag}: data-count must be a number (got "abc")`);
    expect(text(document.body)).toContain('before');
    expect(text(document.body)).toContain('after');

    probe.setAttribute('data-count', '4');
    await vi.waitFor(() => expect(text(probe)).toContain('count=4'));
    expect(probe.querySelector('[role="alert"]')).toBeNull();
  });

  it('names bad JSON and a missing required attribute', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tag = defineProbe(Probe, ['count']);
    const element = mount(`<${tag} data-count="1" data-items="{oops"></${tag}>`);
    await vi.waitFor(() => expect(text(element)).toMatch(/data-items must be valid JSON: /));

    element.setAttribute('data-items', '[]');
    element.removeAttribute('data-count');
    await vi.waitFor(() => expect(text(element)).toBe(`${tag}: data-count is required`));
  });

  it('names an id that is not a positive whole number, an empty URL and a boolean that is neither', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tag = `fm-probe-${++sequence}`;
    defineElement(
      tag,
      ({ jobId, url, notes }: { jobId: number; url?: string; notes: boolean }) =>
        h('output', null, `job=${jobId} url=${String(url)} notes=${notes}`),
      { attributes: { jobId: 'id', url: 'url', notes: 'boolean' }, required: ['jobId'] },
    );
    const element = mount(`<${tag} data-job-id="1004" data-url="/api/x" data-notes></${tag}>`);
    await vi.waitFor(() => expect(text(element)).toBe('job=1004 url=/api/x notes=true'));
    const cases: [string, string, string][] = [
      ['data-job-id', '-5', 'data-job-id must be a positive whole number (got "-5")'],
      ['data-job-id', '1.5', 'data-job-id must be a positive whole number (got "1.5")'],
      [
        'data-job-id',
        '9007199254740993',
        'data-job-id must be a positive whole number (got "9007199254740993")',
      ],
      ['data-url', '', 'data-url must be a URL, not empty'],
      [
        'data-notes',
        'maybe',
        'data-notes must be present or absent, true or false, 1 or 0 (got "maybe")',
      ],
    ];
    for (const [attribute, value, message] of cases) {
      element.setAttribute(attribute, value);
      await vi.waitFor(() => expect(text(element)).toBe(`${tag}: ${message}`));
      element.setAttribute(
        attribute,
        attribute === 'data-job-id' ? '1004' : attribute === 'data-url' ? '/api/x' : '',
      );
      await vi.waitFor(() => expect(text(element)).toBe('job=1004 url=/api/x notes=true'));
    }
    // The same rules for a JS property.
    (element as HTMLElement & { jobId: unknown }).jobId = -5;
    await vi.waitFor(() =>
      expect(text(element)).toBe(`${tag}: data-job-id must be a positive whole number (got -5)`),
    );
  });

  it('shows a malformed page configuration inline instead of crashing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.head.innerHTML = '<script type="application/json" id="fm-config">{nope</script>';
    const tag = defineProbe();
    const element = mount(`<${tag} data-count="1"></${tag}>`);
    await vi.waitFor(() =>
      expect(text(element)).toMatch(
        new RegExp(`^${tag}: Page configuration #fm-config is not valid JSON: `),
      ),
    );
  });

  it("gives components the page configuration with the element's overrides", async () => {
    document.head.innerHTML =
      '<script type="application/json" id="fm-config">{"timeout": 5000, "apiBase": "/x"}</script>';
    const tag = `fm-config-probe-${++sequence}`;
    defineElement(
      tag,
      () => {
        const config = useConfig();
        return h('output', null, `${config.apiBase} ${config.timeout}`);
      },
      { attributes: {} },
    );
    const element = mount(`<${tag} data-timeout="250"></${tag}>`);
    await vi.waitFor(() => expect(text(element)).toBe('/x 250'));
  });

  it('gives a component its own keys, and shows a wrong one inline on the elements that read it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.head.innerHTML =
      '<script type="application/json" id="fm-config">{"pageSize": "many"}</script>';
    const sized = `fm-sized-probe-${++sequence}`;
    const spec = { pageSize: numberSetting(20) };
    defineElement(sized, () => h('output', null, `size ${useConfig(spec).pageSize}`), {
      attributes: {},
    });
    const tag = defineProbe();
    mount(`<${sized}></${sized}><${tag} data-count="1"></${tag}>`);
    const element = document.querySelector(sized) as HTMLElement;
    await vi.waitFor(() =>
      expect(text(element)).toBe(
        `${sized}: Page configuration #fm-config: pageSize must be a number (got "many")`,
      ),
    );
    // Its own React root, rendered in a task of its own.
    await vi.waitFor(() =>
      expect(text(document.querySelector(tag) as HTMLElement)).toBe(
        'count=1 label=undefined open=false items=undefined',
      ),
    );

    document.head.innerHTML = '<script type="application/json" id="fm-config">{}</script>';
    const fine = mount(`<${sized}></${sized}><${sized} data-page-size="7"></${sized}>`);
    await vi.waitFor(() => expect(text(fine)).toBe('size 20'));
    await vi.waitFor(() => expect(text(fine.nextElementSibling as HTMLElement)).toBe('size 7'));
  });
});

let host: Host | undefined;
const onResize = vi.fn();

/** A counter that also listens on window, tied to the connection's signal. */
function Counter() {
  const current = useHost();
  host = current;
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    window.addEventListener('resize', onResize, { signal: current.signal });
  }, [current.signal]);
  return h('button', { type: 'button', onClick: () => setClicks((n) => n + 1) }, `${clicks}`);
}

describe('connection lifetime', () => {
  function defineCounter() {
    const tag = `fm-counter-${++sequence}`;
    defineElement(tag, Counter, { attributes: {} });
    return tag;
  }

  it('keeps state and the signal when the element is moved', async () => {
    const tag = defineCounter();
    document.body.innerHTML = `<div id="a"><${tag}></${tag}></div><div id="b"></div>`;
    const element = document.querySelector(tag) as HTMLElement;
    const button = await find<HTMLButtonElement>(element, 'button');
    button.click();
    button.click();
    await vi.waitFor(() => expect(text(element)).toBe('2'));
    const signal = host?.signal;

    document.getElementById('b')?.append(element);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(element.parentElement?.id).toBe('b');
    expect(text(element)).toBe('2');
    expect(signal?.aborted).toBe(false);
    expect(host?.signal).toBe(signal);
  });

  it('on removal aborts its signal, unmounts and leaves no listener behind', async () => {
    onResize.mockClear();
    const tag = defineCounter();
    const element = mount(`<${tag}></${tag}>`);
    await vi.waitFor(() => expect(element.querySelector('button')).not.toBeNull());
    window.dispatchEvent(new Event('resize'));
    expect(onResize).toHaveBeenCalledTimes(1);
    const signal = host?.signal;

    element.remove();
    await vi.waitFor(() => expect(signal?.aborted).toBe(true));
    await vi.waitFor(() => expect(element.childElementCount).toBe(0));
    window.dispatchEvent(new Event('resize'));
    expect(onResize).toHaveBeenCalledTimes(1);
  });

  it('gets a fresh signal when inserted again after removal', async () => {
    const tag = defineCounter();
    const element = mount(`<${tag}></${tag}>`);
    await vi.waitFor(() => expect(host?.element).toBe(element));
    const first = host?.signal;
    element.remove();
    await vi.waitFor(() => expect(first?.aborted).toBe(true));

    document.body.append(element);
    await vi.waitFor(() => expect(host?.signal).not.toBe(first));
    expect(host?.signal.aborted).toBe(false);
    expect(element.querySelector('button')).not.toBeNull();
  });

  it('shows on insertion what changed while it was out of the page', async () => {
    const tag = defineProbe();
    const element = mount(`<${tag} data-count="1"></${tag}>`) as HTMLElement & Partial<Props>;
    await vi.waitFor(() => expect(text(element)).toContain('count=1'));
    element.remove();
    await vi.waitFor(() => expect(element.childNodes).toHaveLength(0));

    element.setAttribute('data-count', '2');
    element.open = true;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(element.childNodes).toHaveLength(0);

    document.body.append(element);
    await vi.waitFor(() => expect(text(element)).toContain('count=2 label=undefined open=true'));
  });
});

describe('emit', () => {
  it('dispatches a bubbling, composed CustomEvent with its detail', () => {
    const child = mount('<div><span></span></div>').firstElementChild as HTMLElement;
    const heard = vi.fn();
    document.body.addEventListener('fm-test-picked', heard);
    emit(child, 'fm-test-picked', { id: 4 });
    const event = heard.mock.calls[0]?.[0] as CustomEvent;
    expect(event.detail).toEqual({ id: 4 });
    expect(event.bubbles).toBe(true);
    expect(event.composed).toBe(true);
  });

  it('is bound to the element through useHost', async () => {
    const tag = `fm-emitter-${++sequence}`;
    defineElement(
      tag,
      () => {
        const { emit: send } = useHost();
        return h('button', { type: 'button', onClick: () => send('fm-test-picked', { id: 9 }) });
      },
      { attributes: {} },
    );
    const element = mount(`<${tag}></${tag}>`);
    const heard = vi.fn();
    document.addEventListener('fm-test-picked', (event) => heard((event as CustomEvent).detail));
    const button = await find<HTMLButtonElement>(element, 'button');
    button.click();
    expect(heard).toHaveBeenCalledWith({ id: 9 });
  });
});
