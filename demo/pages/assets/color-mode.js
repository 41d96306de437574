// The reference host's colour mode, as Bootstrap 5.3 has it: `data-bs-theme="light"|"dark"` on
// <html>, which host.css (or Bootstrap 5.3 and host-bootstrap.css) and the widgets follow. The
// user's choice in the header (light, dark, or as the device) is kept in this browser's
// localStorage; "as the device" follows prefers-color-scheme, also when it changes. A plain
// script, linked in <head> before the stylesheets, so the page is never painted in the other mode.
(() => {
  const KEY = 'fm-host-color-mode';
  const CHOICES = ['auto', 'light', 'dark'];
  const deviceDark = window.matchMedia('(prefers-color-scheme: dark)');

  /** The stored choice; 'auto' when there is none, or storage is refused. */
  function storedChoice() {
    try {
      const value = localStorage.getItem(KEY);
      return CHOICES.includes(value) ? value : 'auto';
    } catch {
      return 'auto';
    }
  }

  let choice = storedChoice();

  function applyMode() {
    const mode = choice === 'auto' ? (deviceDark.matches ? 'dark' : 'light') : choice;
    document.documentElement.setAttribute('data-bs-theme', mode);
    const control = document.getElementById('color-mode');
    if (control) control.value = choice;
  }

  function choose(value) {
    choice = CHOICES.includes(value) ? value : 'auto';
    try {
      if (choice === 'auto') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, choice);
    } catch {
      // Storage refused: the choice lasts as long as the page.
    }
    applyMode();
  }

  applyMode();
  deviceDark.addEventListener('change', applyMode);
  // Chosen in another tab of this site.
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY && event.key !== null) return;
    choice = storedChoice();
    applyMode();
  });
  document.addEventListener('DOMContentLoaded', () => {
    const control = document.getElementById('color-mode');
    if (!control) return;
    control.value = choice;
    control.addEventListener('change', () => choose(control.value));
  });
})();
