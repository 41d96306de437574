// `npm test`'s lists of vitest's projects (scripts/test-projects.mjs) name each project of
// vitest.config.ts once: a project left out of them would not run in `npm test`.
import { describe, expect, it } from 'vitest';
import { QUICK, WITH_DATABASE, WITHOUT_DATABASE } from '../../scripts/test-projects.mjs';
import config from '../../vitest.config';

const names = (config.test?.projects ?? []).map((project) =>
  typeof project === 'object' && 'test' in project ? project.test?.name : undefined,
);

describe("npm test's projects", () => {
  it('are the projects of vitest.config.ts, each once, those without a database first', () => {
    expect([...WITHOUT_DATABASE, ...WITH_DATABASE].sort()).toEqual([...names].sort());
    expect(new Set([...WITHOUT_DATABASE, ...WITH_DATABASE]).size).toBe(names.length);
  });

  it("test:quick's are among them, without the TypeScript programs", () => {
    for (const name of QUICK) expect(names).toContain(name);
    expect(QUICK).not.toContain('programs');
  });
});
