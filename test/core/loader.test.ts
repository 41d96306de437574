import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoader } from '../../src/loader/loader';

// Tags no element defines: the unit files of a worker share one window (vitest.config.ts), where
// a real fm-dashboard-tile defined by another file would render (and log its own errors).
let stop = () => {};

afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

function chunk() {
  return vi.fn(() => Promise.resolve({}));
}

describe('createLoader', () => {
  it('imports the chunks of the tags already in the page, once each', () => {
    document.body.innerHTML =
      '<fm-lazy-tile></fm-lazy-tile><div><fm-lazy-tile></fm-lazy-tile></div>';
    const tile = chunk();
    const table = chunk();
    stop = createLoader({ 'fm-lazy-tile': tile, 'fm-lazy-table': table }, document);
    expect(tile).toHaveBeenCalledTimes(1);
    expect(table).not.toHaveBeenCalled();
  });

  it('imports a chunk when its tag is added later, also deep inside an added subtree', async () => {
    const tile = chunk();
    const table = chunk();
    stop = createLoader({ 'fm-lazy-tile': tile, 'fm-lazy-table': table }, document);
    expect(tile).not.toHaveBeenCalled();

    document.body.append(document.createElement('fm-lazy-tile'));
    await vi.waitFor(() => expect(tile).toHaveBeenCalledTimes(1));

    const section = document.createElement('section');
    section.innerHTML = '<div><p><fm-lazy-table></fm-lazy-table></p></div>';
    document.body.append(section);
    await vi.waitFor(() => expect(table).toHaveBeenCalledTimes(1));

    document.body.append(document.createElement('fm-lazy-tile'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tile).toHaveBeenCalledTimes(1);
  });

  it('watches only inside its root', async () => {
    document.body.innerHTML = '<main></main><aside></aside>';
    const tile = chunk();
    stop = createLoader({ 'fm-lazy-tile': tile }, document.querySelector('main') as Element);
    document.querySelector('aside')?.append(document.createElement('fm-lazy-tile'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tile).not.toHaveBeenCalled();
    document.querySelector('main')?.append(document.createElement('fm-lazy-tile'));
    await vi.waitFor(() => expect(tile).toHaveBeenCalledTimes(1));
  });

  it('reports a chunk that fails to load, and tries again when the tag appears again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tile = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({});
    document.body.innerHTML = '<fm-lazy-tile></fm-lazy-tile>';
    stop = createLoader({ 'fm-lazy-tile': tile }, document);

    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error.mock.calls[0]?.[0]).toBe(
      'fm-widgets: <fm-lazy-tile> could not be loaded (Failed to fetch dynamically imported ' +
        'module). Check that the chunk files next to fm-widgets.js are deployed.',
    );

    document.body.append(document.createElement('fm-lazy-tile'));
    await vi.waitFor(() => expect(tile).toHaveBeenCalledTimes(2));
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('stops watching when told to', async () => {
    const tile = chunk();
    createLoader({ 'fm-lazy-tile': tile }, document)();
    document.body.append(document.createElement('fm-lazy-tile'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tile).not.toHaveBeenCalled();
  });
});
