// Run in every document before the page's own scripts (Firefox: a BiDi preload script; WebKit: a
// user script of webkit-host.py). Neither engine tells its driver of a Content-Security-Policy
// violation or a failed file, and WebKitWebDriver forwards no console at all: the page keeps them
// in window.__fmProblems for the test to read.
(() => {
  const problems = [];
  Object.defineProperty(window, '__fmProblems', { value: problems });
  const consoleError = console.error;
  console.error = (...parts) => {
    problems.push(`console.error: ${parts.map(String).join(' ')}`);
    consoleError.apply(console, parts);
  };
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof Element) {
        problems.push(
          `failed to load ${target.getAttribute('src') ?? target.getAttribute('href')}`,
        );
      } else {
        problems.push(`uncaught: ${event.message} (${event.filename}:${event.lineno})`);
      }
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    problems.push(`unhandled rejection: ${event.reason}`);
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    problems.push(
      `CSP: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile || location.href}:${event.lineNumber}`,
    );
  });
})();
