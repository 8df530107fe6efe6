/**
 * The timer fixtures (GTK 3, GTK 4, Qt 5, Swing), shared by the self-repair test and bench: each
 * changes a label, a list that grows and shrinks, and a multi-paragraph document every period for
 * a number of ticks, and prints "tick N" after each change (so a change is timed without the
 * app's events, which the repair runs drop). What a fixture shows at tick N is defined once per
 * language: here and in test/fixtures/gtk/timer_model.py (SwingTimer.java mirrors it).
 */
import { createInterface } from 'node:readline';
import { Observable, share } from 'rxjs';
import type { BackendId } from '../../src/backends/backend.js';
import type { TreeState } from '../../src/cache/tree.js';
import type { LaunchedApp } from '../desktop/session.js';
import { JAVA, swingTimerArgs, type SwingRows } from '../../test/fixtures/toolkits/swingApp.js';

export const TIMER_FIXTURES = ['gtk3', 'gtk4', 'qt5', 'swing'] as const;
export type TimerFixture = (typeof TIMER_FIXTURES)[number];
/** The three kinds of change each tick makes. */
export const CHANGE_KINDS = ['label', 'list', 'document'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

const PYTHON = '/usr/bin/python3';

/** The command line that runs `fixture` for `ticks` ticks of `periodMs` (Swing: `swingRows`). */
export function timerCommand(
  fixture: TimerFixture,
  periodMs: number,
  ticks: number,
  swingRows: SwingRows = 'list',
): { command: string; args: string[] } {
  const timing = [String(periodMs), String(ticks)];
  if (fixture === 'swing')
    return { command: JAVA, args: swingTimerArgs(periodMs, ticks, swingRows) };
  const script = {
    gtk3: 'test/fixtures/gtk/timer_app.py',
    gtk4: 'test/fixtures/gtk/timer4_app.py',
    qt5: 'test/fixtures/toolkits/qtTimer.py',
  }[fixture];
  return { command: PYTHON, args: [script, ...timing] };
}

export function timerFixtureOf(name: string | undefined): TimerFixture {
  const found = TIMER_FIXTURES.find((f) => f === name);
  if (found === undefined) {
    throw new Error(`unknown timer fixture ${String(name)} (have ${TIMER_FIXTURES.join(', ')})`);
  }
  return found;
}

export const labelAt = (n: number): string => `Tick ${n}`;

/** The newest 1 + n % 5 rows: the list grows by one a tick, then shrinks to one. */
export function rowsAt(n: number): string[] {
  return Array.from({ length: (n % 5) + 1 }, (_, i) => `Row ${n - (n % 5) + i}`);
}

/** A title line and 2 to 5 paragraphs, all naming the tick. */
export function documentAt(n: number): string {
  const paragraphs = Array.from(
    { length: 2 + (n % 4) },
    (_, i) => `Paragraph ${i + 1} of tick ${n}.`,
  );
  return [`Document at tick ${n}`, ...paragraphs].join('\n');
}

/** The ticks the app reports on its standard output (launched with `{ stdout: true }`). */
export function appTicks(app: LaunchedApp): Observable<number> {
  const out = app.stdout;
  if (out === null) throw new Error('the timer fixture was launched without { stdout: true }');
  return new Observable<number>((subscriber) => {
    const lines = createInterface({ input: out });
    lines.on('line', (line) => {
      const n = /^tick (\d+)$/.exec(line.trim())?.[1];
      if (n !== undefined) subscriber.next(Number(n));
    });
    lines.on('close', () => subscriber.complete());
    return () => lines.close();
  }).pipe(share());
}

/** Per kind, the tick the cached window shows exactly (-1: none). */
export function shownTicks(state: TreeState, windowId: BackendId): Record<ChangeKind, number> {
  const shown = { label: -1, list: -1, document: -1 };
  const win = state.byId.get(windowId);
  if (win === undefined) return shown;
  const rows = new Set<number>();
  state.walk(win, (node) => {
    const { name, value } = node.props;
    const tick = /^Tick (\d+)$/.exec(name)?.[1];
    if (tick !== undefined) shown.label = Math.max(shown.label, Number(tick));
    const row = /^Row (\d+)$/.exec(name)?.[1];
    if (row !== undefined) rows.add(Number(row));
    const doc = /^Document at tick (\d+)/.exec(value ?? '')?.[1];
    if (doc !== undefined && value === documentAt(Number(doc))) shown.document = Number(doc);
  });
  const newest = Math.max(-1, ...rows);
  const listed = [...rows].sort((a, b) => a - b).map((k) => `Row ${k}`);
  if (newest >= 0 && listed.join('|') === rowsAt(newest).join('|')) shown.list = newest;
  return shown;
}

/** Let the fixture start changing (it waits for a line on standard input). */
export function startTicking(app: LaunchedApp): void {
  if (app.stdin === null) throw new Error('the timer fixture was launched without { stdin: true }');
  app.stdin.write('go\n');
}
