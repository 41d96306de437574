#!/usr/bin/env node
// fm-conformance (npm run conformance, npx fm-conformance): checks a backend against the widgets'
// contract. Plain Node runs this file; tsx (a devDependency) loads the TypeScript it imports.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('./cli.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
