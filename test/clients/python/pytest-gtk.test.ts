/**
 * The pytest examples of the GTK fixture (examples/python/gtk) against `uistream serve
 * --backend atspi` in a headless desktop (Xvfb, a private D-Bus, the AT-SPI bus) with the
 * fixture app launched into it. The plugin starts the server inside the session's environment.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDesktop,
  type DesktopSession,
  type LaunchedApp,
} from '../../../scripts/desktop/session.js';
import {
  REPO,
  SYSTEM_PYTHON,
  collect,
  junitKey,
  pythonReady,
  runSuite,
  type Outcome,
} from './pytest-run.js';

const SUITE = 'examples/python/gtk';
const FIXTURE = join(REPO, 'test', 'fixtures', 'gtk', 'modal_app.py');
const ARGS = ['--uistream-backend', 'atspi'];
const RUN_TIMEOUT = 300_000;
const ready = process.platform === 'linux' && pythonReady() && existsSync('/usr/bin/Xvfb');

describe.runIf(ready)(`pytest ${SUITE} on the GTK fixture over AT-SPI`, () => {
  const ids = ready ? collect(SUITE, { args: ARGS }) : [];
  let desktop: DesktopSession | undefined;
  let app: LaunchedApp | undefined;
  let outcomes = new Map<string, Outcome>();
  let output = '';

  beforeAll(async () => {
    desktop = await startDesktop();
    app = desktop.launch(SYSTEM_PYTHON, [FIXTURE]);
    // The tests wait for the fixture's window themselves (an event-driven expect).
    const run = await runSuite(SUITE, 'python-gtk', RUN_TIMEOUT, { args: ARGS, env: desktop.env });
    outcomes = run.outcomes;
    output = run.output;
  }, RUN_TIMEOUT + 30_000);

  afterAll(async () => {
    await app?.stop();
    await desktop?.stop();
  });

  it('collects the GTK examples', () => {
    expect(ids.length).toBeGreaterThanOrEqual(3);
  });

  for (const id of ids) {
    it(id, () => {
      const outcome = outcomes.get(junitKey(id));
      expect(outcome, `no result for ${id}; pytest said:\n${output}`).toBeDefined();
      expect(outcome?.status, outcome?.detail).toBe('passed');
    });
  }
});
