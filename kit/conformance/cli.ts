import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_TARGETS, type Targets } from './reads';
import { formatReport } from './report';
import { runConformance } from './run';

// npm run conformance -- --base URL [ids] [--write] [--json]: README "Check your backend".

const USAGE = `Usage: npm run conformance -- --base URL [options]   (or: npx fm-conformance …)

Checks every call of docs/requirements.md §7 against a backend with the widgets' own decoders.

  --base URL            the backend (required)
  --job, --site, --asset, --tile, --external-job ID
                        ids of your data for the GET calls; a call whose ids are missing is skipped
  --ids FILE            the ids as JSON ({"job": 1001, "site": 1, …}); options given win
  --invoice, --term, --cost-value, --category-model
                        what the invoice check, the searches and the asset-category table ask for
  --autocomplete-url, --table-url URL
                        your pages' autocomplete and table sources (repeatable); the reference
                        host's by default
  --cookie 'a=b; c=d'   the session cookie of a signed-in user
  --csrf TOKEN          the CSRF token; by default read from --page as a browser would
  --page PATH           the page that gives the token and cookies (default /)
  --write               also the state-changing calls, on these disposable ids only:
  --write-job ID        a job awaiting release (type 7, status 4): it is quoted, forwarded
                        and finally released
  --write-signon-job ID a job an engineer may go to (Released): the engineer assigned and
                        unassigned, then signed on, then off
  --write-reject-job ID another job awaiting release: rejected (a released job cannot be)
  --write-cost ID       a cost awaiting approval: its capex answers are saved (N/A where
                        none was given), then it is declined
  --write-cost-job ID   the cost's job, when it is not --write-job
  --write-site ID       a site whose priority/contractor links are saved back unchanged
  --engineer ID         an engineer assigned to the write job, then unassigned
  --timeout MS          an answer slower than this fails (default 10000, the widgets' own)
  --json                the report as JSON
Exits 1 when any call fails.`;

const ID_OPTIONS = {
  job: 'job',
  site: 'site',
  asset: 'asset',
  'write-job': 'writeJob',
  'write-signon-job': 'writeSignonJob',
  'write-reject-job': 'writeRejectJob',
  'write-cost': 'writeCost',
  'write-cost-job': 'writeCostJob',
  'write-site': 'writeSite',
  engineer: 'engineer',
} as const;
const TEXT_OPTIONS = {
  tile: 'tile',
  'external-job': 'externalJob',
  invoice: 'invoice',
  term: 'term',
  'category-model': 'categoryModel',
} as const;

const DEFAULT_TIMEOUT = 10_000;

function positiveId(name: string, value: unknown): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new Error(`--${name} must be a positive id, got ${JSON.stringify(value)}`);
  }
  return id;
}

function readIdsFile(path: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`--ids ${path}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`--ids ${path}: expected a JSON object of ids`);
  }
  return parsed as Record<string, unknown>;
}

const VALUE_OPTIONS = new Set([
  'base',
  'ids',
  ...Object.keys(ID_OPTIONS),
  ...Object.keys(TEXT_OPTIONS),
  'cost-value',
  'autocomplete-url',
  'table-url',
  'cookie',
  'csrf',
  'page',
  'timeout',
]);

const FLAG_OPTIONS = new Set(['write', 'json', 'help']);

const isOption = (arg: string) => {
  const name = /^--([^=]+)/.exec(arg)?.[1] ?? '';
  return VALUE_OPTIONS.has(name) || FLAG_OPTIONS.has(name);
};

/**
 * `--csrf -Xy…` as `--csrf=-Xy…`: a random token may start with a dash, which parseArgs would
 * refuse as "ambiguous". A value that is itself one of our options stays an option.
 */
function joinValues(args: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    if (
      VALUE_OPTIONS.has(arg.slice(2)) &&
      arg.startsWith('--') &&
      next !== undefined &&
      !isOption(next)
    ) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

export function parseCommandLine(args: string[]) {
  const { values } = parseArgs({
    args: joinValues(args),
    strict: true,
    options: {
      base: { type: 'string' },
      ids: { type: 'string' },
      ...Object.fromEntries(
        [...Object.keys(ID_OPTIONS), ...Object.keys(TEXT_OPTIONS), 'cost-value'].map((name) => [
          name,
          { type: 'string' as const },
        ]),
      ),
      'autocomplete-url': { type: 'string', multiple: true },
      'table-url': { type: 'string', multiple: true },
      cookie: { type: 'string' },
      csrf: { type: 'string' },
      page: { type: 'string', default: '/' },
      write: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return null;
  if (typeof values.base !== 'string' || !/^https?:\/\//.test(values.base)) {
    throw new Error('--base must be the backend URL, such as http://127.0.0.1:8080');
  }
  const given: Record<string, unknown> = {
    ...(typeof values.ids === 'string' ? readIdsFile(values.ids) : {}),
    ...values,
  };
  const targets: Targets = { ...DEFAULT_TARGETS };
  for (const [name, key] of Object.entries(ID_OPTIONS)) {
    if (given[name] !== undefined) targets[key] = positiveId(name, given[name]);
  }
  for (const [name, key] of Object.entries(TEXT_OPTIONS)) {
    if (given[name] !== undefined) targets[key] = String(given[name]);
  }
  if (given['cost-value'] !== undefined) {
    const costValue = Number(given['cost-value']);
    if (!Number.isFinite(costValue) || costValue < 0) {
      throw new Error('--cost-value must be a number of 0 or more');
    }
    targets.costValue = costValue;
  }
  const urls = (name: string) => {
    const list = given[name];
    return Array.isArray(list) && list.length > 0 ? list.map(String) : undefined;
  };
  targets.autocompleteUrls = urls('autocomplete-url') ?? targets.autocompleteUrls;
  targets.tableUrls = urls('table-url') ?? targets.tableUrls;
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout <= 0) {
    throw new Error('--timeout must be a whole number of milliseconds');
  }
  return {
    options: {
      base: values.base,
      targets,
      write: values.write === true,
      timeout,
      cookie: values.cookie,
      csrf: values.csrf,
      page: values.page ?? '/',
    },
    asJson: values.json === true,
  };
}

export async function main(args: string[]): Promise<number> {
  let command: ReturnType<typeof parseCommandLine>;
  try {
    command = parseCommandLine(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (command === null) {
    console.log(USAGE);
    return 0;
  }
  const report = await runConformance(command.options);
  console.log(command.asJson ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.counts.fail > 0 ? 1 : 0;
}
