// vitest's projects (vitest.config.ts) as `npm test` runs them (scripts/test.mjs): those that need
// neither the reference host's database (better-sqlite3) nor dist/ run while a fresh install's
// better-sqlite3 compiles, the others once it has. test/build/test-projects.test.ts keeps the two
// lists equal to the config's projects.

/** The projects that need no database: happy-dom's and the TypeScript programs'. */
export const WITHOUT_DATABASE = ['unit', 'unit-isolated', 'programs'];
/** The projects that start a reference host, or read its database. */
export const WITH_DATABASE = ['server', 'server-isolated', 'browser', 'engines'];
/** `npm run test:quick`'s: the edit-and-test loop, no build and no TypeScript program. */
export const QUICK = ['unit', 'unit-isolated', 'server', 'server-isolated'];
