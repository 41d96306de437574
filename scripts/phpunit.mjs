// The PHPUnit tests of the PHP kit, kit/php (test/php), a step of `npm test`. Without phpunit they are skipped
// loudly, unless REQUIRE_PHP=1 (set by .ci/run, which installs PHP) makes that a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const phpunit = process.env.PHPUNIT_PATH ?? '/usr/bin/phpunit';

if (!existsSync(phpunit)) {
  const message = `PHPUnit not found at ${phpunit}: the PHP tests cannot run.`;
  if (process.env.REQUIRE_PHP === '1') {
    console.error(`${message} (REQUIRE_PHP=1)`);
    process.exit(1);
  }
  console.warn(
    `\n!! ${message}\n!! SKIPPING them. Install it: apt-get install php-cli php-curl phpunit\n`,
  );
  process.exit(0);
}

const run = spawnSync(phpunit, ['-c', 'test/php/phpunit.xml'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
