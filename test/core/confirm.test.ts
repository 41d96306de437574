import { afterEach, describe, expect, it, vi } from 'vitest';
import { installConfirmLinks } from '../../src/loader/confirm';

let uninstall = () => {};

afterEach(() => {
  uninstall();
});

function click(target: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe('installConfirmLinks', () => {
  it('asks "Are you sure?" and lets the click through when accepted', () => {
    const confirm = vi.fn(() => true);
    uninstall = installConfirmLinks(document, confirm);
    document.body.innerHTML = '<a class="confirm" href="/jobs/delete/1"><i>Delete</i></a>';
    const onClick = vi.fn();
    document.querySelector('a')?.addEventListener('click', onClick);

    const event = click(document.querySelector('i') as Element);
    expect(confirm).toHaveBeenCalledWith('Are you sure?');
    expect(event.defaultPrevented).toBe(false);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('prevents navigation and stops other handlers when declined', () => {
    uninstall = installConfirmLinks(document, () => false);
    document.body.innerHTML = '<a class="confirm" href="/jobs/delete/1">Delete</a>';
    const onClick = vi.fn();
    const onDocumentClick = vi.fn();
    document.querySelector('a')?.addEventListener('click', onClick);
    document.addEventListener('click', onDocumentClick, true);

    const event = click(document.querySelector('a') as Element);
    expect(event.defaultPrevented).toBe(true);
    expect(onClick).not.toHaveBeenCalled();
    expect(onDocumentClick).not.toHaveBeenCalled();
    document.removeEventListener('click', onDocumentClick, true);
  });

  it('leaves other links alone and stops asking once uninstalled', () => {
    const confirm = vi.fn(() => false);
    const remove = installConfirmLinks(document, confirm);
    document.body.innerHTML = '<a href="/jobs">Jobs</a><a class="confirm" href="/x">X</a>';
    expect(click(document.querySelector('a') as Element).defaultPrevented).toBe(false);
    expect(confirm).not.toHaveBeenCalled();

    remove();
    expect(click(document.querySelector('a.confirm') as Element).defaultPrevented).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("uses the window's confirm by default", () => {
    // happy-dom has no dialogs: give the window a confirm to answer.
    const confirm = vi.fn(() => false);
    window.confirm = confirm;
    uninstall = installConfirmLinks(document);
    document.body.innerHTML = '<a class="confirm" href="/x">X</a>';
    expect(click(document.querySelector('a') as Element).defaultPrevented).toBe(true);
    expect(confirm).toHaveBeenCalledWith('Are you sure?');
    Reflect.deleteProperty(window, 'confirm');
  });
});
