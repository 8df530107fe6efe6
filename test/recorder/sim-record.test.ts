/**
 * The recorder on the simulated desktop: a scripted person's input goes through the sim's
 * input layer (the only way input reaches it) while the recorder watches in-process; the
 * pytest file it writes then runs against a fresh `uistream serve --backend sim` (it passes)
 * and against a scene whose editor starts with a draft in it (it fails, saying what it saw).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filter, firstValueFrom, merge, of, timeout } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputAction } from '../../src/backends/backend.js';
import { SimBackend } from '../../src/backends/sim/index.js';
import type { UiCache } from '../../src/cache/api.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { toPytest } from '../../src/recorder/emit/pytest.js';
import type { Moment } from '../../src/recorder/model.js';
import { startRecorder, type Recorder } from '../../src/recorder/session.js';
import { pythonReady, runSuite } from '../clients/python/pytest-run.js';
import { REPO } from './person.js';

const RUN_TIMEOUT = 120_000;
const DEADLINE_MS = 10_000;

/** Resolve once the cache holds what `holds` looks for (checked on every cache event). */
function until(cache: UiCache, holds: () => boolean, what: string): Promise<unknown> {
  return firstValueFrom(
    merge(of(null), cache.events.events$).pipe(
      filter(holds),
      timeout({
        first: DEADLINE_MS,
        with: () => {
          throw new Error(`never saw ${what}`);
        },
      }),
    ),
  );
}

describe.runIf(pythonReady())('uistream record on the simulated desktop', () => {
  const stop = new AbortController();
  const sim = new SimBackend();
  const cache = createCache(sim, loadConfig({}).cache);
  const dir = mkdtempSync(join(tmpdir(), 'uistream-record-sim-'));
  const out = join(dir, 'test_recorded_editor.py');
  const moments: Moment[] = [];
  let recorder: Recorder;

  const node = (automationId: string) =>
    cache.find({ automationId, nameMatch: 'contains', caseSensitive: false, maxResults: 2 })
      .elements[0];
  const act = (action: InputAction) => sim.input(action, { signal: stop.signal });
  const click = async (automationId: string) => {
    await until(cache, () => node(automationId)?.rect != null, automationId);
    const r = node(automationId)!.rect!;
    const [x, y] = [r.x + Math.round(r.width / 2), r.y + Math.round(r.height / 2)];
    await act({ kind: 'click', x, y, button: 'left', count: 1 });
  };
  const keys = (key: string, modifiers: ('ctrl' | 'alt')[] = []) =>
    act({ kind: 'keys', combos: [{ key, modifiers }] });

  beforeAll(async () => {
    await sim.start(stop.signal);
    await cache.start(stop.signal);
    recorder = startRecorder(
      sim,
      cache,
      { app: 'editor', assertKey: 'Ctrl+Alt+a', onMoment: (m) => moments.push(m) },
      stop.signal,
    );
    await click('editor.text');
    await act({ kind: 'text', text: 'hello' });
    await until(cache, () => node('editor.text')?.value === 'hello', 'the typed text');
    await keys('a', ['ctrl', 'alt']);
    await keys('s', ['ctrl']);
    await until(cache, () => moments.some((m) => m.kind === 'window' && m.opened), 'Save As');
    await click('saveas.name');
    await keys('a', ['ctrl']); // the dialog suggests a name: replace it
    await act({ kind: 'text', text: 'notes.txt' });
    await until(cache, () => node('saveas.name')?.value === 'notes.txt', 'the file name');
    await keys('Enter');
    await until(cache, () => moments.some((m) => m.kind === 'window' && !m.opened), 'closing');
    writeFileSync(out, toPytest(recorder.recording()));
  }, RUN_TIMEOUT);

  afterAll(async () => {
    stop.abort();
    await cache.stop();
    await sim.stop();
  });

  it('records clicks, merged typing, the chord, the dialog and an assertion', () => {
    const steps = recorder.recording().steps;
    expect(steps.map((s) => s.kind)).toEqual([
      'click',
      'type',
      'expectText',
      'keys',
      'wait',
      'click',
      'keys',
      'type',
      'keys',
      'wait',
    ]);
    expect(steps[1]).toMatchObject({ text: 'hello', target: { by: 'automationId' } });
    expect(steps[3]).toMatchObject({ keys: ['Ctrl+s'] });
    expect(steps[7]).toMatchObject({ text: 'notes.txt', target: { by: 'automationId' } });
    expect(steps[9]).toMatchObject({ condition: 'windowClosed', title: 'Save As' });
  });

  function replay(name: string, scene?: object) {
    if (scene !== undefined) {
      writeFileSync(join(dir, 'scene.json'), JSON.stringify(scene));
      writeFileSync(
        join(dir, 'conftest.py'),
        'import pytest\n\n\n@pytest.fixture(scope="session")\ndef uistream_server_args():\n' +
          `    return ["--scene", ${JSON.stringify(join(dir, 'scene.json'))}]\n`,
      );
    }
    return runSuite(out, name, RUN_TIMEOUT, {
      args: ['-p', 'uistream.pytest_plugin', '--rootdir', dir],
      env: { ...process.env, PYTHONPATH: join(REPO, 'clients', 'python', 'src') },
    });
  }

  it(
    'replays: the recorded test passes on a fresh simulated desktop',
    async () => {
      const run = await replay('recorded-sim-pass');
      expect(run.code, run.output).toBe(0);
      expect([...run.outcomes.values()].map((o) => o.status)).toEqual(['passed']);
    },
    RUN_TIMEOUT,
  );

  it(
    'fails with what it saw when the editor starts with a draft',
    async () => {
      const run = await replay('recorded-sim-break', {
        apps: [{ kind: 'editor', at: { x: 40, y: 40 }, text: 'draft ' }],
      });
      const [outcome] = [...run.outcomes.values()];
      expect(outcome?.status, run.output).toBe('failed');
      expect(outcome?.detail).toMatch(/to have text 'hello'/);
      expect(outcome?.detail).toMatch(
        /last seen: text 'draft hello'|last seen: text 'hellodraft '/,
      );
    },
    RUN_TIMEOUT,
  );
});
