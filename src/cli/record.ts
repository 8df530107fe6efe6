/**
 * `uistream record`: start the backend and the cache (no server), record a person's input
 * into the app, print each moment as it is recorded, and on SIGINT/SIGTERM write the test.
 */
import { writeFileSync } from 'node:fs';
import { createApp } from '../app.js';
import { loadConfig, type ConfigInput } from '../config.js';
import { toMcpCalls } from '../recorder/emit/mcp.js';
import { toPytest } from '../recorder/emit/pytest.js';
import { toTypeScript } from '../recorder/emit/typescript.js';
import type { Moment, RecordedLocator, Recording } from '../recorder/model.js';
import { startRecorder } from '../recorder/session.js';
import { chordName } from '../recorder/steps.js';
import type { RecordCommand } from './record-args.js';

function describeLocator(locator: RecordedLocator): string {
  const q = locator.query;
  if (locator.by === 'automationId') return `#${q.automationId ?? ''}`;
  if (locator.by === 'name') return `${q.controlType ?? ''} "${q.name ?? ''}"`;
  return `${q.controlType ?? ''} #${locator.index} in "${q.window ?? ''}"`;
}

/** One line per moment; typed text of a password field is never shown. */
export function describeMoment(m: Moment): string {
  switch (m.kind) {
    case 'click':
      return `click ${m.target === null ? `${m.x},${m.y}` : describeLocator(m.target.locator)}`;
    case 'drag': {
      const end = (seen: typeof m.from, p: { x: number; y: number }): string =>
        seen === null ? `${p.x},${p.y}` : describeLocator(seen.locator);
      return `drag ${end(m.from, m.fromPoint)} to ${end(m.to, m.toPoint)}`;
    }
    case 'key': {
      const where = m.focus === null ? '' : ` in ${describeLocator(m.focus.locator)}`;
      const what = m.focus?.password === true ? '(secret)' : chordName(m.key, m.modifiers);
      return `key ${what}${where}`;
    }
    case 'window':
      return `window ${m.opened ? 'opened' : 'closed'} "${m.title}"`;
    case 'assert':
      return `assert ${m.focus === null ? '(nothing focused)' : describeLocator(m.focus.locator)}`;
  }
}

function render(command: RecordCommand, recording: Recording): string {
  if (command.format === 'typescript') return toTypeScript(recording);
  if (command.format === 'mcp') return toMcpCalls(recording);
  return toPytest(recording);
}

export async function runRecordCommand(command: RecordCommand): Promise<void> {
  const input: ConfigInput = {
    backend: command.backend as ConfigInput['backend'],
    scene: command.scene,
    seed: command.seed,
    providers: false,
  };
  const app = await createApp(loadConfig(input));
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const stop = new AbortController();
  const recorder = startRecorder(
    app.platform,
    app.cache,
    {
      ...(command.app === undefined ? {} : { app: command.app }),
      assertKey: command.assertKey,
      onMoment: (m) => log(`recorded: ${describeMoment(m)}`),
    },
    stop.signal,
  );
  log(
    `recording ${command.app ?? 'every app'} on ${app.backend.name}: ${command.assertKey} ` +
      `asserts on the focused element; Ctrl+C writes ${command.out ?? 'the test to stdout'}`,
  );
  let finishing = false;
  const finish = (): void => {
    if (finishing) return;
    finishing = true;
    stop.abort();
    const recording = recorder.recording();
    const text = render(command, recording);
    if (command.out === undefined) process.stdout.write(text);
    else writeFileSync(command.out, text);
    log(
      `wrote ${recording.steps.length} steps${command.out === undefined ? '' : ` to ${command.out}`}`,
    );
    app.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', finish);
  process.on('SIGTERM', finish);
}
