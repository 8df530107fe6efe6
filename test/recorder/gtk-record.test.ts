/**
 * The recorder end to end on a real desktop: a scripted person (xdotool, seen through X
 * RECORD) fills the GTK form fixture while `uistream record` watches; the pytest file it
 * writes is then run against a fresh instance of the app (it passes) and against the app
 * changed to break it (it fails, and the report says what was expected and what was seen).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../../src/cache/index.js';
import type { UiCache } from '../../src/cache/api.js';
import { loadConfig } from '../../src/config.js';
import { startDesktop, type DesktopSession } from '../../scripts/desktop/session.js';
import { startBackend } from '../../scripts/harness/atspi.js';
import { pythonReady, runSuite, SYSTEM_PYTHON } from '../clients/python/pytest-run.js';
import { Person, RecorderProcess, REPO, waitForElement } from './person.js';

const FIXTURE = join(REPO, 'test', 'fixtures', 'gtk', 'record_app.py');
const WINDOW = 'Record fixture';
const SECRET = 'hunter2';
const RUN_TIMEOUT = 180_000;
const ready = process.platform === 'linux' && existsSync('/usr/bin/Xvfb') && pythonReady();

describe.runIf(ready)('uistream record on the GTK form over AT-SPI and X RECORD', () => {
  let desktop: DesktopSession;
  let eyes: UiCache;
  let backend: Awaited<ReturnType<typeof startBackend>> | undefined;
  const stop = new AbortController();
  const dir = mkdtempSync(join(tmpdir(), 'uistream-record-'));
  const out = join(dir, 'test_recorded_form.py');
  let recorder: RecorderProcess;
  let written = '';

  beforeAll(async () => {
    desktop = await startDesktop();
    backend = await startBackend(desktop, stop.signal);
    eyes = createCache(backend, loadConfig({}).cache);
    await eyes.start(stop.signal);
    const app = desktop.launch(SYSTEM_PYTHON, [FIXTURE]);
    await waitForElement(eyes, { name: 'Greet', controlType: 'Button', window: WINDOW });

    recorder = new RecorderProcess(desktop, [
      '--backend',
      'atspi',
      '--app',
      'record_app',
      '--out',
      out,
    ]);
    await recorder.seen(/^recording /);
    const person = new Person(desktop, eyes, recorder);
    const inForm = (name: string, controlType: 'Edit' | 'Text' | 'Button' | 'CheckBox') => ({
      name,
      controlType,
      window: WINDOW,
    });
    await person.click(inForm('Name', 'Edit'), /^recorded: click Edit "Name"/);
    await person.type('Ada');
    await person.click(inForm('Password', 'Edit'), /^recorded: click Edit "Password"/);
    await person.type(SECRET);
    await person.click(inForm('Greet', 'Button'), /^recorded: click Button "Greet"/);
    await person.click(inForm('Greeting', 'Text'), /^recorded: click Text "Greeting"/);
    await person.chord('ctrl+alt+a', /^recorded: assert Text "Greeting"/);
    await person.click(inForm('Subscribe', 'CheckBox'), /^recorded: click CheckBox "Subscribe"/);
    await person.chord('ctrl+alt+a', /^recorded: assert CheckBox "Subscribe"/);
    await person.click(inForm('Confirm', 'Button'), /^recorded: click Button "Confirm"/);
    await recorder.seen(/^recorded: window opened "Confirm greeting"/);
    const ok = { name: 'OK', controlType: 'Button' as const, window: 'Confirm greeting' };
    await person.click(ok, /^recorded: click Button "OK"/);
    await recorder.seen(/^recorded: window closed "Confirm greeting"/);
    expect(await recorder.finish()).toBe(0);
    written = readFileSync(out, 'utf8');
    await app.stop();
  }, RUN_TIMEOUT);

  afterAll(async () => {
    stop.abort();
    recorder?.child.kill('SIGKILL');
    await eyes?.stop();
    await backend?.stop();
    await desktop?.stop();
  });

  it('writes steps on stable locators, typing merged, waits on the dialog, assertions', () => {
    expect(written, recorder.lines.join('\n')).toContain(
      'ui.actions_type(target={"name": "Name", "nameMatch": "equals", "controlType": "Edit", "window": "Record fixture"}, text="Ada")',
    );
    expect(written).toContain(
      'ui.actions_wait_for(condition="windowOpened", title="Confirm greeting")',
    );
    expect(written).toContain(
      'ui.actions_wait_for(condition="windowClosed", title="Confirm greeting")',
    );
    expect(written).toContain('.to_have_text("Hello, Ada!")');
    expect(written).toContain('.to_have_state("checked", present=True)');
  });

  it('never writes out what was typed into the password field', () => {
    expect(written).not.toContain(SECRET);
    expect(written).toContain('text=os.environ["UISTREAM_SECRET"]');
  });

  async function replay(args: string[], name: string) {
    const app = desktop.launch(SYSTEM_PYTHON, [FIXTURE, ...args]);
    try {
      return await runSuite(out, name, RUN_TIMEOUT, {
        args: ['-p', 'uistream.pytest_plugin', '--uistream-backend', 'atspi', '--rootdir', dir],
        env: {
          ...desktop.env,
          UISTREAM_SECRET: SECRET,
          PYTHONPATH: join(REPO, 'clients', 'python', 'src'),
        },
      });
    } finally {
      await app.stop();
    }
  }

  it(
    'replays: the recorded test passes against a fresh instance of the app',
    async () => {
      const run = await replay([], 'recorded-pass');
      expect(run.code, run.output).toBe(0);
      expect([...run.outcomes.values()].map((o) => o.status)).toEqual(['passed']);
    },
    RUN_TIMEOUT,
  );

  it(
    'fails with a readable report when the app is changed to break it',
    async () => {
      const run = await replay(['--break'], 'recorded-break');
      expect(run.code).not.toBe(0);
      const [outcome] = [...run.outcomes.values()];
      expect(outcome?.status).toBe('failed');
      expect(outcome?.detail).toMatch(/to have text 'Hello, Ada!'/);
      expect(outcome?.detail).toMatch(/Goodbye, Ada!/);
      // The plugin's report sections: what the window held when the expectation gave up.
      expect(run.output).toContain('uistream snapshot');
      expect(run.output).toMatch(/- text "Greeting" \[ref=e\d+\]/);
    },
    RUN_TIMEOUT,
  );
});
