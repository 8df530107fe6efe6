/**
 * Runs pytest suites with Debian's Python (/usr/bin/python3: python3-websockets, -msgpack and
 * -pytest, installed by scripts/desktop/install.sh; the `python3` on PATH may be another Python
 * without them) and reads each test's outcome from a JUnit report, so every pytest test becomes
 * one vitest test and the run's closing count stays honest.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SYSTEM_PYTHON = '/usr/bin/python3';
export const REPO = resolve(import.meta.dirname, '../../..');

export interface Outcome {
  status: 'passed' | 'failed' | 'skipped';
  /** The failure's message and traceback (with the plugin's report sections). */
  detail: string;
}

/** How a suite runs: extra pytest arguments, an environment (a desktop session's). */
export interface SuiteOptions {
  args?: string[];
  env?: NodeJS.ProcessEnv;
}

/** Environment of a suite: this checkout's server and client, reports under .tmp/. */
function pytestEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = { ...base };
  delete env.UISTREAM_URL;
  delete env.UISTREAM_TOKEN;
  return {
    ...env,
    UISTREAM_COMMAND: `${process.execPath} ${join(REPO, 'bin', 'uistream.js')}`,
    PYTHONDONTWRITEBYTECODE: '1',
  };
}

const BASE_ARGS = ['-m', 'pytest', '-p', 'no:cacheprovider'];

/** Whether Debian's Python with the client's modules and pytest is here. */
export function pythonReady(): boolean {
  if (!existsSync(SYSTEM_PYTHON)) return false;
  const probe = spawnSync(SYSTEM_PYTHON, ['-c', 'import websockets, msgpack, pytest'], {
    stdio: 'ignore',
  });
  return probe.status === 0;
}

/** The suite's test ids (`file::name[param]`) without running them (no server starts). */
export function collect(suite: string, options: SuiteOptions = {}): string[] {
  const args = [...BASE_ARGS, '--collect-only', '-q', ...(options.args ?? []), suite];
  const out = spawnSync(SYSTEM_PYTHON, args, {
    cwd: REPO,
    env: pytestEnv(options.env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (out.status !== 0) throw new Error(`pytest could not collect ${suite}:\n${out.stdout}`);
  return out.stdout.split('\n').filter((line) => line.includes('::'));
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&');
}

/** Outcomes by `module::name` from a JUnit report of pytest. */
export function parseJunit(xml: string): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  const cases = /<testcase classname="([^"]*)" name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const m of xml.matchAll(cases)) {
    const module = (m[1] ?? '').split('.').pop() ?? '';
    const body = m[4] ?? '';
    const status = /<(failure|error)\b/.test(body)
      ? 'failed'
      : /<skipped\b/.test(body)
        ? 'skipped'
        : 'passed';
    outcomes.set(`${module}::${unescapeXml(m[2] ?? '')}`, { status, detail: unescapeXml(body) });
  }
  return outcomes;
}

/** `dir/test_x.py::name[p]` as the JUnit key `test_x::name[p]`. */
export function junitKey(id: string): string {
  const [file = '', name = ''] = id.split('::');
  return `${(file.split('/').pop() ?? '').replace(/\.py$/, '')}::${name}`;
}

/** Run a suite once; resolve with its outcomes and its console output. */
export function runSuite(
  suite: string,
  name: string,
  timeoutMs: number,
  options: SuiteOptions = {},
): Promise<{ outcomes: Map<string, Outcome>; output: string; code: number | null }> {
  const reports = join(REPO, '.tmp', 'pytest');
  mkdirSync(reports, { recursive: true });
  const junit = join(reports, `${name}.xml`);
  rmSync(junit, { force: true });
  const args = [...BASE_ARGS, '-q', `--junitxml=${junit}`, '-o', 'junit_family=xunit1'];
  args.push(`--uistream-report-dir=${join(reports, `${name}-failures`)}`, ...(options.args ?? []));
  args.push(suite);
  return new Promise((done, fail) => {
    const child = spawn(SYSTEM_PYTHON, args, { cwd: REPO, env: pytestEnv(options.env) });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      const xml = existsSync(junit) ? readFileSync(junit, 'utf8') : '';
      done({ outcomes: parseJunit(xml), output, code });
    });
  });
}
