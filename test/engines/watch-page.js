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
  // /analytics: fm-report waits 10 s for the analytics service, which the reference host cannot
  // reach, before it says so. The page's timers are kept track of, for settle() (engines.ts) to
  // move its time past that wait with window.__fmJump(ms), as Playwright's clock does in Chromium:
  // the timers due by then run at once; the others, and time itself, are left as they are.
  if (location.pathname === '/analytics') {
    const setTimer = window.setTimeout;
    const clearTimer = window.clearTimeout;
    const pending = new Map();
    window.setTimeout = (handler, delay, ...args) => {
      if (typeof handler !== 'function') return setTimer(handler, delay, ...args);
      const id = setTimer(() => {
        pending.delete(id);
        handler(...args);
      }, delay);
      pending.set(id, { due: performance.now() + (Number(delay) || 0), handler, args });
      return id;
    };
    window.clearTimeout = (id) => {
      pending.delete(id);
      clearTimer(id);
    };
    Object.defineProperty(window, '__fmJump', {
      value: (ms) => {
        const until = performance.now() + ms;
        for (const [id, timer] of [...pending].sort(([, a], [, b]) => a.due - b.due)) {
          if (timer.due > until || !pending.has(id)) continue;
          pending.delete(id);
          clearTimer(id);
          timer.handler(...timer.args);
        }
      },
    });
  }
})();
