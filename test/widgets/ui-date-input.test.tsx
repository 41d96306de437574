import { fireEvent } from '@testing-library/dom';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DateMode } from '../../src/core/date-input';
import { DateInput } from '../../src/ui/DateInput';
import { defineElement } from '../../src/ui/define-element';

const changes: string[] = [];

function Harness({
  mode,
  initial,
  readOnly,
}: {
  mode: string;
  initial: string;
  readOnly: boolean;
}) {
  const [value, setValue] = useState(initial ?? '');
  return (
    <DateInput
      label="Due"
      mode={mode as DateMode}
      name="Job[due]"
      value={value}
      readOnly={readOnly}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}
defineElement('test-date-input', Harness, {
  attributes: { mode: 'string', initial: 'string', readOnly: 'boolean' },
});

async function mount(attributes: string) {
  changes.length = 0;
  document.body.innerHTML = `<test-date-input ${attributes}></test-date-input>`;
  const element = document.body.firstElementChild as HTMLElement;
  const input = await vi.waitFor(() => {
    const found = element.querySelector<HTMLInputElement>('input.fm-input');
    if (!found || !element.querySelector('.flatpickr-calendar')) throw new Error('not ready');
    return found;
  });
  return { element, input };
}

const weekdays = (element: Element) =>
  [...element.querySelectorAll('.flatpickr-weekday')].map((day) => day.textContent?.trim());

describe('DateInput', () => {
  it('keeps the calendar inside the element, starting the week on Monday', async () => {
    const { element, input } = await mount('data-mode="date"');
    expect(input.labels?.[0]?.textContent).toBe('Due');
    expect(input.name).toBe('Job[due]');
    expect(input.placeholder).toBe('YYYY-MM-DD');
    expect(document.body.querySelectorAll(':scope > .flatpickr-calendar')).toHaveLength(0);
    expect(weekdays(element)[0]).toBe('Mon');
    expect(weekdays(element)[6]).toBe('Sun');
  });

  it('opened from its button, the calendar puts the focus on today, not on the 1st', async () => {
    const { element } = await mount('data-mode="date"');
    (element.querySelector('.fm-date-input__open') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(element.querySelector('.flatpickr-calendar.open')).not.toBeNull(),
    );
    const focused = document.activeElement as HTMLElement;
    expect(focused.classList.contains('flatpickr-day')).toBe(true);
    expect(focused.getAttribute('aria-label')).toBe(
      new Date().toLocaleDateString('en-GB', { month: 'long', day: 'numeric', year: 'numeric' }),
    );
  });

  it('opened from its button, the calendar puts the focus on the chosen date', async () => {
    const { element } = await mount('data-mode="date" data-initial="2026-03-10"');
    (element.querySelector('.fm-date-input__open') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(element.querySelector('.flatpickr-calendar.open')).not.toBeNull(),
    );
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toBe(
      '10 March 2026',
    );
  });

  it('gives a picked date as YYYY-MM-DD', async () => {
    const { element, input } = await mount('data-mode="date" data-initial="2026-03-10"');
    (element.querySelector('.fm-date-input__open') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(element.querySelector('.flatpickr-calendar.open')).not.toBeNull(),
    );
    const day = element.querySelector<HTMLElement>('.flatpickr-day[aria-label="12 March 2026"]');
    day?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(input.value).toBe('2026-03-12'));
    expect(changes.at(-1)).toBe('2026-03-12');
  });

  it('gives a picked date-time as DD/MM/YYYY HH:mm', async () => {
    const { element, input } = await mount('data-mode="datetime" data-initial="10/03/2026 14:30"');
    expect(input.placeholder).toBe('DD/MM/YYYY HH:mm');
    const day = element.querySelector<HTMLElement>('.flatpickr-day[aria-label="12 March 2026"]');
    day?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(input.value).toBe('12/03/2026 14:30'));
  });

  it('accepts typed text and says so when it is not in the format, or no such day', async () => {
    const { element, input } = await mount('data-mode="date"');
    fireEvent.input(input, { target: { value: '30/02/2026' } });
    input.dispatchEvent(new FocusEvent('blur'));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    const error = await vi.waitFor(() => {
      const found = element.querySelector('.fm-field-error');
      if (!found) throw new Error('no error yet');
      return found;
    });
    expect(error.textContent).toBe('Enter the date as YYYY-MM-DD, for example 2026-03-31');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('30/02/2026');

    fireEvent.input(input, { target: { value: '2026-02-30' } });
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await vi.waitFor(() =>
      expect(element.querySelector('.fm-field-error')?.textContent).toBe(
        'There is no 2026-02-30 in the calendar: check the day and the month',
      ),
    );

    fireEvent.input(input, { target: { value: '2026-02-28' } });
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await vi.waitFor(() => expect(element.querySelector('.fm-field-error')).toBeNull());
    expect(changes.at(-1)).toBe('2026-02-28');
    expect(element.querySelector('.flatpickr-day.selected')?.getAttribute('aria-label')).toBe(
      '28 February 2026',
    );
  });

  it('does not open when read-only', async () => {
    const { element } = await mount('data-mode="date" data-read-only');
    const button = element.querySelector('.fm-date-input__open') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    (element.querySelector('input.fm-input') as HTMLInputElement).click();
    expect(element.querySelector('.flatpickr-calendar.open')).toBeNull();
  });

  it('destroys the calendar when removed', async () => {
    const { element } = await mount('data-mode="date"');
    const anchor = element.querySelector('.fm-date-input__popup input') as HTMLInputElement & {
      _flatpickr: { config?: unknown };
    };
    const instance = anchor._flatpickr;
    expect(instance.config).toBeDefined();
    element.remove();
    // destroy() strips the instance of its configuration and elements.
    await vi.waitFor(() => expect(instance.config).toBeUndefined());
  });
});
