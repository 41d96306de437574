// The PHPUnit tests of the PHP kit, kit/php (test/php), a step of `npm test` (scripts/test.mjs).
// Without phpunit they are skipped loudly, unless REQUIRE_PHP=1 (set by .ci/run, which installs PHP)
// makes that a failure.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const phpunit = process.env.PHPUNIT_PATH ?? '/usr/bin/phpunit';

/**
 * Runs the PHPUnit tests, their output shown as it comes. Resolves with the exit code and what
 * happened, in a few words for the summary of `npm test`: "ran (12 tests)", "skipped (…)", "failed …".
 */
export function runPhpUnit() {
  if (!existsSync(phpunit)) {
    const message = `PHPUnit not found at ${phpunit}: the PHP tests cannot run.`;
    if (process.env.REQUIRE_PHP === '1') {
      console.error(`${message} (REQUIRE_PHP=1)`);
      return Promise.resolve({ code: 1, outcome: `failed: ${message} (REQUIRE_PHP=1)` });
    }
    console.warn(
      `\n!! ${message}\n!! SKIPPING them. Install it: apt-get install php-cli php-curl phpunit\n`,
    );
    return Promise.resolve({ code: 0, outcome: `skipped (phpunit not found at ${phpunit})` });
  }
  return new Promise((resolve) => {
    const child = spawn(phpunit, ['-c', 'test/php/phpunit.xml'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.on('error', (error) => resolve({ code: 1, outcome: `failed: ${error.message}` }));
    child.on('close', (status) => {
      const code = status ?? 1;
      // "OK (12 tests, 80 assertions)" or "Tests: 12, Assertions: 80, Failures: 1."
      const tests = /OK \((\d+) tests?/.exec(output)?.[1] ?? /Tests: (\d+)/.exec(output)?.[1];
      const count = tests === undefined ? '' : ` (${tests} tests)`;
      resolve({ code, outcome: code === 0 ? `ran${count}, passed` : `ran${count}, FAILED` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { code } = await runPhpUnit();
  process.exit(code);
}
