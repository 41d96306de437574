import { describe, expect, it, vi } from 'vitest';
import '../../widgets/flash/index';

describe('fm-flash', () => {
  it("shows the host's text as a danger alert and can be dismissed", async () => {
    document.body.innerHTML =
      '<fm-flash>\n  The cost could not be saved.\n  Please try again.\n</fm-flash><button id="after">x</button>';
    const alert = await vi.waitFor(() => {
      const found = document.querySelector('.fm-flash');
      if (!found) throw new Error('not rendered');
      return found;
    });
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.classList.contains('alert-danger')).toBe(true);
    expect(alert.querySelector('.fm-alert__text')?.textContent).toBe(
      'The cost could not be saved. Please try again.',
    );
    const dismissed = vi.fn();
    document.addEventListener('fm-flash-dismissed', (event) => dismissed(event.detail));
    (alert.querySelector('button[aria-label="Dismiss message"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector('.fm-flash')).toBeNull());
    expect(dismissed).toHaveBeenCalledWith({
      message: 'The cost could not be saved. Please try again.',
    });
  });

  it('keeps the text when moved, and takes data-message first', async () => {
    document.body.innerHTML =
      '<div id="a"><fm-flash>Saved badly</fm-flash></div><div id="b"></div>';
    const element = document.querySelector('fm-flash') as HTMLElement;
    await vi.waitFor(() =>
      expect(element.querySelector('.fm-alert__text')?.textContent).toBe('Saved badly'),
    );
    document.getElementById('b')?.append(element);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(element.querySelector('.fm-alert__text')?.textContent).toBe('Saved badly');
    element.setAttribute('data-message', 'Another message');
    await vi.waitFor(() =>
      expect(element.querySelector('.fm-alert__text')?.textContent).toBe('Another message'),
    );
  });

  it('shows nothing for an empty message', async () => {
    document.body.innerHTML = '<fm-flash>  </fm-flash>';
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('.fm-flash')).toBeNull();
  });
});
