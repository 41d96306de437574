/**
 * Submits `form` as a click on its submit button would; whether it went, that is, was not held
 * back by the element's own check. The document's listener runs after the element's handler, and
 * stops the native post happy-dom cannot make.
 */
export function send(form: HTMLFormElement): boolean {
  let held = true;
  const listening = new AbortController();
  document.addEventListener(
    'submit',
    (event) => {
      held = event.defaultPrevented;
      event.preventDefault();
    },
    { signal: listening.signal },
  );
  form.requestSubmit();
  listening.abort();
  return !held;
}
