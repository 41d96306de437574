// A fresh clone's install (scripts/ensure-deps.mjs): npm ci without the install scripts, then the
// scripts of the packages the lock file marks as having one, better-sqlite3's compile apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagesWithScripts } from '../../scripts/ensure-deps.mjs';

describe('the packages whose install scripts run after npm ci --ignore-scripts', () => {
  it('are those the lock file marks, nested ones by their own name', () => {
    expect(
      packagesWithScripts({
        packages: {
          '': { hasInstallScript: true },
          'node_modules/a': { hasInstallScript: true },
          'node_modules/b': {},
          'node_modules/@scope/c': { hasInstallScript: true },
          'node_modules/d/node_modules/e': { hasInstallScript: true },
        },
      }),
    ).toEqual(['a', '@scope/c', 'e']);
    expect(packagesWithScripts({})).toEqual([]);
  });

  it("include better-sqlite3, whose compile npm test runs beside the build, and esbuild's", () => {
    const names = packagesWithScripts(JSON.parse(readFileSync('package-lock.json', 'utf8')));
    expect(names).toContain('better-sqlite3');
    expect(names).toContain('esbuild');
  });
});
