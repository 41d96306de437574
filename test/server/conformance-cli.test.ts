import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startScratchServer } from '../../demo/server/start';
import { parseCommandLine } from '../../kit/conformance/cli';
import { READ_ARGS, WRITE_ARGS } from './conformance-targets';

// fm-conformance as an integrator runs it: the bin on plain Node, against the reference host
// served over HTTP on a fresh database.

const BIN = new URL('../../kit/conformance/fm-conformance.mjs', import.meta.url).pathname;

function runBin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, ...args], (error, stdout, stderr) => {
      resolve({ code: child.exitCode ?? (error ? 1 : 0), stdout, stderr });
    });
  });
}

describe('the fm-conformance bin', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startScratchServer('fm-conformance', { testMode: false, quiet: true });
  });
  afterAll(() => server.close());

  it('passes every call, read and write, with --json for CI and exit code 0', {
    timeout: 30_000,
  }, async () => {
    const { code, stdout } = await runBin([
      '--base',
      server.url,
      ...READ_ARGS,
      ...WRITE_ARGS,
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      base: server.url,
      write: true,
      counts: { pass: 36, fail: 0, skipped: 0 },
    });
  });

  it('exits 1 and names the call, its URL and what came when a call fails', {
    timeout: 30_000,
  }, async () => {
    const { code, stdout } = await runBin(['--base', server.url, '--job', '99999']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `FAIL  GET  costs awaiting approval                ${server.url}/api/costs/index/99999`,
    );
    expect(stdout).toContain(
      '[http] HTTP 404 (received {"status":"error","message":"Job 99999 not found"})',
    );
    expect(stdout).toContain('(needs --site, --asset)');
    expect(stdout).toMatch(/\n\d+ passed, 4 failed, 10 skipped$/m);
  });

  it('exits 2 with the usage when --base is missing', async () => {
    const { code, stderr } = await runBin(['--job', '1001']);
    expect(code).toBe(2);
    expect(stderr).toContain('--base must be the backend URL');
    expect(stderr).toContain('Usage: npm run conformance -- --base URL');
  });
});

describe('the command line', () => {
  it('takes ids from a JSON file, the options given winning over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fm-ids-'));
    const file = join(dir, 'ids.json');
    writeFileSync(file, JSON.stringify({ job: 1001, site: '2', tile: 'open-jobs' }));
    const command = parseCommandLine(['--base', 'http://backend', '--ids', file, '--site', '1']);
    rmSync(dir, { recursive: true, force: true });
    expect(command?.options.targets).toMatchObject({ job: 1001, site: 1, tile: 'open-jobs' });
    expect(command?.options).toMatchObject({ write: false, timeout: 10_000, page: '/' });
  });

  it('refuses an id that is not a positive whole number, and a timeout that is no number', () => {
    expect(() => parseCommandLine(['--base', 'http://backend', '--job', 'x1'])).toThrow(
      '--job must be a positive id, got "x1"',
    );
    expect(() => parseCommandLine(['--base', 'http://backend', '--timeout', 'soon'])).toThrow(
      '--timeout must be a whole number of milliseconds',
    );
  });

  it('takes a token or cookie that starts with a dash (a random CSRF token may), and still sees a missing value', () => {
    const command = parseCommandLine([
      '--base',
      'http://backend',
      '--csrf',
      '-Xy9_token',
      '--cookie',
      '-a=b',
      '--write',
    ]);
    expect(command?.options).toMatchObject({ csrf: '-Xy9_token', cookie: '-a=b', write: true });
    expect(() => parseCommandLine(['--base', 'http://backend', '--csrf', '--write'])).toThrow(
      "Option '--csrf' argument is ambiguous",
    );
  });
});
