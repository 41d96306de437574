import { describe, expect, it, vi } from 'vitest';
import '../../widgets/date-input/index';

async function mount(html: string) {
  document.body.innerHTML = html;
  return vi.waitFor(() => {
    const input = document.querySelector<HTMLInputElement>('input.fm-input');
    if (!input || !document.querySelector('.flatpickr-calendar')) throw new Error('not ready');
    return input;
  });
}

describe('fm-date-input', () => {
  it('is a named date field in YYYY-MM-DD by default, weeks from Monday', async () => {
    const input = await mount(
      '<form><fm-date-input data-name="Job[due_date]" data-value="2026-03-10" data-label="Due date"></fm-date-input></form>',
    );
    expect(input.name).toBe('Job[due_date]');
    expect(input.value).toBe('2026-03-10');
    expect(input.labels?.[0]?.textContent).toBe('Due date');
    expect(
      new FormData(document.querySelector('form') as HTMLFormElement).get('Job[due_date]'),
    ).toBe('2026-03-10');
    expect(document.querySelector('.flatpickr-weekday')?.textContent?.trim()).toBe('Mon');
  });

  it('gives a picked date-time as DD/MM/YYYY HH:mm and tells the host', async () => {
    const input = await mount(
      '<fm-date-input data-mode="datetime" data-value="10/03/2026 09:05"></fm-date-input>',
    );
    const changes: string[] = [];
    document.addEventListener('fm-date-change', (event) => changes.push(event.detail.value));
    document
      .querySelector('.flatpickr-day[aria-label="11 March 2026"]')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(input.value).toBe('11/03/2026 09:05'));
    expect(changes).toEqual(['11/03/2026 09:05']);
  });

  it("labels the field in the element's data-messages when it has no data-label", async () => {
    const input = await mount(
      `<fm-date-input data-mode="datetime" data-messages='{"dateInput.dateAndTime": "When"}'></fm-date-input>`,
    );
    expect(input.labels?.[0]?.textContent).toBe('When');
  });

  it('names a bad mode', async () => {
    document.body.innerHTML = '<fm-date-input data-mode="week"></fm-date-input>';
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(
        'fm-date-input: data-mode must be date or datetime (got "week")',
      ),
    );
  });
});
