/**
 * The shared conformance suite (test/conformance/specs) under Wine's node.exe against the
 * Win32 fixture, through the REAL UIA backend. Each spec gets a fresh host and a fresh fixture
 * app. A spec named in expectations/uia-wine.json is a known gap: it must fail (a gap that
 * passes is reported as stale, and fails the run). Every gap's reason starts with "Wine:" (Wine
 * lacks it; the reason names the Wine source or bug) or "ours:" (a defect of ours, to fix).
 * Writes its outcome to a JSON file; scripts/wine/run.sh prints it.
 * Usage: node.exe conformance.mjs <result.json> <uiaHostMain.mjs> <fixture.exe>
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isUiError } from '../../src/errors.js';
import { createUiaBackend, type UiaBackend } from '../../src/backends/uia/index.js';
import { ALL_SPECS } from '../conformance/specs/index.js';
import gaps from '../conformance/expectations/uia-wine.json' with { type: 'json' };
import { createWin32Fixture, type Win32Fixture } from './win32Fixture.js';
import { bigListChecks } from './bigList.js';
import { laterWindowCheck } from './laterWindow.js';
import { desktopOpsChecks } from './desktopOps.js';
import { appsSpecs, type AppsRun } from './appsWine.js';
import { desktopSpecs } from './desktopWine.js';

const [
  resultFile = 'conformance.json',
  hostModule = 'uiaHostMain.mjs',
  fixtureExe = 'fixture.exe',
] = process.argv.slice(2);
const SPEC_DEADLINE_MS = 30_000;
const only = process.env['UISTREAM_WINE_SPECS']?.split(',');

type Outcome = 'passed' | 'gap' | 'failed' | 'stale-gap';
interface SpecResult {
  id: string;
  title: string;
  outcome: Outcome;
  reason?: string;
  detail?: string;
  /** The backend events of a failed spec, newest last (bounded): what the platform did say. */
  events?: string[];
  ms: number;
}
const results: SpecResult[] = [];
const checks: { name: string; ok: boolean; detail: string }[] = [];
const hostLog: string[] = [];
const extra: Record<string, unknown> = {};

function save(): void {
  writeFileSync(resultFile, JSON.stringify({ results, checks, extra, hostLog }, null, 2));
}

function describeError(err: unknown): string {
  if (isUiError(err)) return `${err.code}: ${err.message}`;
  return err instanceof Error ? err.message.split('\n').slice(0, 6).join(' | ') : String(err);
}

export function newBackend(): UiaBackend {
  return createUiaBackend({
    host: { module: resolve(hostModule), execArgv: [], stderr: { file: 'host-stderr.log' } },
    timings: { hangMs: 8_000, startTimeoutMs: 30_000 },
    onLog: (message) => {
      hostLog.push(`${new Date().toISOString()} ${message}`);
      if (hostLog.length > 300) hostLog.shift();
    },
  });
}

/** Record a spec's outcome against the known gaps and save the result file. */
function record(
  spec: { id: string; title: string },
  started: number,
  error: unknown,
  events: string[] = [],
): void {
  const reason = (gaps as Record<string, string>)[spec.id];
  const failed = error !== undefined;
  const outcome: Outcome =
    reason === undefined ? (failed ? 'failed' : 'passed') : failed ? 'gap' : 'stale-gap';
  results.push({
    id: spec.id,
    title: spec.title,
    outcome,
    ...(reason === undefined ? {} : { reason }),
    ...(failed ? { detail: describeError(error), events } : {}),
    ms: Date.now() - started,
  });
  save();
}

async function runSpec(spec: (typeof ALL_SPECS)[number]): Promise<void> {
  const started = Date.now();
  let fixture: Win32Fixture | undefined;
  let error: unknown = undefined;
  const events: string[] = [];
  try {
    const signal = AbortSignal.timeout(SPEC_DEADLINE_MS);
    const backend = newBackend();
    backend.events$.subscribe((batch) => {
      for (const e of batch) events.push(JSON.stringify(e).slice(0, 200));
      events.splice(0, Math.max(0, events.length - 40));
    });
    fixture = await createWin32Fixture(backend, fixtureExe, signal);
    await spec.run(fixture, signal);
  } catch (err) {
    error = err ?? new Error('failed');
  } finally {
    await fixture?.dispose().catch(() => undefined);
  }
  record(spec, started, error, events);
}

async function main(): Promise<void> {
  for (const spec of ALL_SPECS)
    if (only === undefined || only.includes(spec.id)) await runSpec(spec);
  const tableRun: AppsRun = {
    newBackend,
    fixtureExe,
    only,
    async runSpec(spec, body) {
      const started = Date.now();
      let error: unknown = undefined;
      await body().catch((err: unknown) => (error = err ?? new Error('failed')));
      record(spec, started, error);
    },
  };
  await appsSpecs(tableRun);
  await desktopSpecs(tableRun);
  const check = async (name: string, body: () => Promise<string>): Promise<void> => {
    try {
      checks.push({ name, ok: true, detail: await body() });
    } catch (err) {
      checks.push({ name, ok: false, detail: describeError(err) });
    }
    save();
  };
  if (only === undefined || only.includes('big-list'))
    await bigListChecks({ check, newBackend, fixtureExe, extra });
  if (only === undefined || only.includes('later-window'))
    await laterWindowCheck({ check, newBackend, fixtureExe, extra });
  if (only === undefined || only.includes('desktop-ops'))
    await desktopOpsChecks({ check, newBackend, fixtureExe, extra });
}

const watchdog = setTimeout(() => {
  checks.push({ name: 'conformance finished within 420 s', ok: false, detail: 'watchdog fired' });
  save();
  process.exit(2);
}, 420_000);
main()
  .catch((err: unknown) => checks.push({ name: 'ran to the end', ok: false, detail: String(err) }))
  .finally(() => {
    clearTimeout(watchdog);
    save();
    process.exit(0);
  });
