/**
 * The Wine proof: runs under Wine's node.exe (bundled by scripts/wine/run.sh) and drives the
 * REAL UIA backend (supervisor, child-process host, COM, JS COM handlers, SendInput) against
 * Wine's notepad. Writes every check's outcome to a JSON file (Wine cannot pipe node.exe's
 * output), which run.sh turns into a pass/fail report.
 * Usage: node.exe proof.mjs <result.json> <uiaHostMain.mjs>
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isUiError } from '../../src/errors.js';
import type { BackendEvent } from '../../src/backends/backend.js';
import { createUiaBackend, type UiaBackend } from '../../src/backends/uia/index.js';
import { backendIdToRuntimeId } from '../../src/backends/uia/uiaConvert.js';
import { notepadText, startNotepad } from './notepad.js';
import { EventLog, checkRoundTrips, until, assert, expectCode } from './proofSupport.js';
import { focusChecks, inputChecks, watchdogChecks, type ProofContext } from './proofMore.js';
import { pixelsChecks } from './proofPixels.js';

const [resultFile = 'wine-result.json', hostModule = 'uiaHostMain.mjs'] = process.argv.slice(2);
const checks: { name: string; ok: boolean; detail: string }[] = [];
const measurements: Record<string, unknown> = {};
/** The hosts' log lines and status changes, newest last: run.sh prints them when a check failed. */
const hostLog: string[] = [];
const HOST_LOG_LINES = 400;

function logHost(line: string): void {
  hostLog.push(`${new Date().toISOString()} ${line}`);
  if (hostLog.length > HOST_LOG_LINES) hostLog.shift();
}

/** Written after every check, so a crash still leaves what was proven so far. */
function save(): void {
  writeFileSync(resultFile, JSON.stringify({ checks, measurements, hostLog }, null, 2));
}

async function check(name: string, body: () => Promise<string>): Promise<void> {
  try {
    checks.push({ name, ok: true, detail: await body() });
  } catch (err) {
    checks.push({
      name,
      ok: false,
      detail: isUiError(err) ? `${err.code}: ${err.message}` : String(err),
    });
  }
  save();
}

const signal = (ms = 20_000): AbortSignal => AbortSignal.timeout(ms);

// The host's `diagnose` op (native sleeps for the watchdog checks) is off unless this is set.
process.env['UISTREAM_UIA_DIAGNOSTICS'] = '1';
// Wine logs where each DLL of the host (and notepad) loaded, so that run.sh can name the module
// of a crash's faulting address; Wine writes the crash line itself to the same log.
process.env['WINEDEBUG'] = '-all,+loaddll';

function launch(
  mode: 'process' | 'worker',
  timings: { hangMs: number; pingIntervalMs?: number } = { hangMs: 8_000 },
): UiaBackend {
  const backend = createUiaBackend({
    host: { module: resolve(hostModule), execArgv: [], stderr: { file: 'host-stderr.log' }, mode },
    timings: { ...timings, startTimeoutMs: 30_000 },
    onLog: (message) => logHost(`[${mode} host] ${message}`),
  });
  backend.events$.subscribe((batch) => {
    for (const e of batch)
      if (e.type === 'status') logHost(`[${mode}] status ${e.status}: ${e.reason ?? ''}`);
  });
  return backend;
}

async function main(): Promise<void> {
  const backend = launch('process');
  const log = new EventLog(backend.events$);
  let facts: Record<string, string | number | boolean> = {};
  await check(
    'COM: the host starts, creates CUIAutomation in an MTA and reads the root',
    async () => {
      await backend.start(signal(40_000));
      facts = backend.supervisor.hello?.facts ?? {};
      // Wine's UIA crashes on concurrent calls from pool threads: the host must have noticed.
      assert(String(facts['runtime']).startsWith('wine '), `runtime ${String(facts['runtime'])}`);
      assert(facts['serialPoolCalls'] === true, 'pool-thread calls are not serialized under Wine');
      return JSON.stringify(facts);
    },
  );
  const notepad = startNotepad();
  let win = { id: '', hwnd: 0, pid: 0 };
  await check(
    'app resolution: notepad found by exe name (EnumWindows, then its UIA element)',
    async () => {
      const found = await until(
        'notepad window',
        20_000,
        async () => (await backend.listWindows({ app: 'notepad' }, { signal: signal() }))[0],
      );
      win = found;
      return JSON.stringify(found);
    },
  );
  await check('property reads: the notepad window through the host’s bulk read', async () => {
    const [node] = await backend.fetchSubtree(win.id, { signal: signal(), maxDepth: 0 });
    assert(node !== undefined && node.id === win.id, 'fetched another element');
    assert(node.props.controlType === 'Window', `control type ${node.props.controlType}`);
    assert(/notepad/i.test(node.props.name), `name ${node.props.name}`);
    assert(node.props.rect !== null && node.props.rect.width > 0, 'no rect');
    assert(node.props.pid === win.pid, `pid ${node.props.pid} vs ${win.pid}`);
    return JSON.stringify(node.props);
  });
  await check('RuntimeId: ids are RuntimeIds, stable across reads and lookups', async () => {
    assert(backendIdToRuntimeId(win.id) !== null, `${win.id} is not a RuntimeId`);
    const again = await backend.listWindows({ pid: win.pid }, { signal: signal() });
    assert(
      again.some((w) => w.id === win.id),
      'a second lookup gave another id',
    );
    return win.id;
  });
  await check('desktop root: its children include notepad', async () => {
    const nodes = await backend.fetchSubtree(backend.rootId, { signal: signal(), maxDepth: 1 });
    assert(
      nodes[0]?.children.includes(win.id) === true,
      `root children ${JSON.stringify(nodes[0]?.children)}`,
    );
    return `${nodes[0]?.children.length ?? 0} top-level windows`;
  });
  await check('focus events arrive through the JS COM handler, in batches', async () => {
    const focus = await log.waitFor('focus', 15_000, (e) => e.type === 'focus');
    return `focus on ${String((focus as Extract<BackendEvent, { type: 'focus' }>).id)}; ${log.summary()}`;
  });
  await check('window.activated: notepad in the foreground is reported', async () => {
    await log.waitFor(
      'window.activated',
      15_000,
      (e) => e.type === 'window.activated' && e.id === win.id,
    );
    return log.summary();
  });
  await check('SendInput: Unicode text and an Enter key reach notepad', async () => {
    try {
      await backend.activateWindow(win.id, { signal: signal() });
    } catch (err) {
      if (!isUiError(err)) throw err; // typing still goes to the focused window
    }
    await backend.input({ kind: 'text', text: 'uistream wine 42 é' }, { signal: signal() });
    await backend.input(
      { kind: 'keys', combos: [{ key: 'Enter', modifiers: [] }] },
      { signal: signal() },
    );
    await backend.input({ kind: 'text', text: 'line2' }, { signal: signal() });
    const text = await until('typed text', 10_000, () => {
      const now = notepadText(win.hwnd);
      return Promise.resolve(now !== null && now.includes('line2') ? now : undefined);
    });
    assert(text.includes('uistream wine 42 é\r\nline2'), `notepad holds ${JSON.stringify(text)}`);
    return JSON.stringify(text);
  });
  const more: ProofContext = {
    backend,
    log,
    win,
    check,
    launch: (t) => launch('process', t),
    measurements,
  };
  await inputChecks(more);
  await focusChecks(more);
  await pixelsChecks(more);
  await check('typed errors: what Wine lacks and bad input', async () => {
    const codes = [
      await expectCode(
        backend.performPattern(win.id, { pattern: 'Invoke' }, { signal: signal() }),
        ['pattern_not_supported', 'not_supported'],
      ),
      await expectCode(backend.fetchSubtree('ffff.1234', { signal: signal() }), ['element_stale']),
      await expectCode(
        backend.input(
          { kind: 'click', x: Number.NaN, y: 1, button: 'left', count: 1 },
          { signal: signal() },
        ),
        ['invalid_params'],
      ),
      await expectCode(
        backend.performPattern(win.id, { pattern: 'RangeValue', value: 1 }, { signal: signal() }),
        ['pattern_not_supported', 'not_supported'],
      ),
    ];
    const windows = await backend.listWindows({ app: 'notepad' }, { signal: signal() });
    assert(windows.length > 0, 'the host stopped answering after the errors');
    return codes.join(', ');
  });
  await check(
    'isolation: a killed host is restarted, reset is announced, calls answer again',
    async () => {
      const pid = backend.supervisor.hello?.pid ?? 0;
      assert(pid > 0, 'no host pid'); // kill(0) would hit this whole process group
      const degraded = log.waitFor(
        'status degraded',
        15_000,
        (e) => e.type === 'status' && e.status === 'degraded',
        true,
      );
      const reset = log.waitFor('reset', 30_000, (e) => e.type === 'reset', true);
      process.kill(pid);
      await degraded;
      await reset;
      const windows = await backend.listWindows({ app: 'notepad' }, { signal: signal() });
      assert(
        windows.some((w) => w.id === win.id),
        'the restarted host gives another id',
      );
      return `host ${pid} -> ${backend.supervisor.hello?.pid ?? 0}, generation ${backend.supervisor.generation}`;
    },
  );
  measurements['process'] = await checkRoundTrips(backend, 200);
  await backend.stop();
  await watchdogChecks(more);
  const worker = launch('worker');
  try {
    await worker.start(signal(40_000));
    measurements['worker'] = await checkRoundTrips(worker, 200);
  } catch (err) {
    measurements['worker'] = { error: String(err) };
  } finally {
    await worker.stop();
  }
  notepad.kill();
}

const watchdog = setTimeout(() => {
  checks.push({ name: 'proof finished within 240 s', ok: false, detail: 'watchdog fired' });
  save();
  process.exit(2);
}, 240_000);
main()
  .catch((err: unknown) =>
    checks.push({ name: 'proof ran to the end', ok: false, detail: String(err) }),
  )
  .finally(() => {
    clearTimeout(watchdog);
    save();
    process.exit(0);
  });
