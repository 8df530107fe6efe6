/**
 * Main-thread CPU time from a Chromium trace. Wall-clock task lengths grow with whatever else
 * the machine runs; a task's thread time (`tdur`) does not, so these figures compare runs made
 * under different load: the longest task and the total task time on the page's main thread,
 * and, for every task the Long Tasks API counts (over 50 ms of wall time), its thread time and
 * what it was spent on (style, layout, paint, script, gc).
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    message?: string;
    data?: { functionName?: string; url?: string; type?: string; message?: string };
  };
}

/** One task over 50 ms of wall time: wall and thread time and its split by kind, in ms. */
export interface LongTask {
  wallMs: number;
  cpuMs: number;
  /** Thread time by kind (style, layout, paint, script, gc, other), largest first. */
  kinds: Record<string, number>;
}

export interface MainThreadCpu {
  /** Top-level tasks on the renderer's main thread. */
  tasks: number;
  totalCpuMs: number;
  maxTaskCpuMs: number;
  /** Tasks whose thread time exceeds 50 ms (long on any machine, not only a busy one). */
  tasksOver50MsCpu: number;
  /** What the longest task (by thread time) spent it on: its costliest inner events. */
  maxTaskInside: string[];
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** Trace event names by what they cost the page; the rest of a task is "other". */
const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  UpdateLayerTree: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
  RasterTask: 'paint',
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'v8.run': 'script',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  ParseHTML: 'script',
};

const label = (e: TraceEvent): string => {
  const d = e.args?.data;
  const what = d?.functionName ?? d?.type ?? '';
  const where = d?.url === undefined ? '' : `@${d.url.split('/').pop()}`;
  return `${e.name}${what === '' ? '' : ` ${what}`}${where} ${((e.tdur ?? 0) / 1000).toFixed(1)}ms`;
};

/** Complete events nested in `task` on its thread, tasks themselves left out. */
function within(events: readonly TraceEvent[], task: TraceEvent): TraceEvent[] {
  const end = task.ts + (task.dur ?? 0);
  return events.filter(
    (e) =>
      e !== task &&
      e.ph === 'X' &&
      e.pid === task.pid &&
      e.tid === task.tid &&
      e.ts >= task.ts &&
      e.ts < end &&
      !TASK_NAMES.has(e.name),
  );
}

/** The costliest events nested in `task` (its direct work, by thread time). */
function inside(events: readonly TraceEvent[], task: TraceEvent | undefined): string[] {
  if (task === undefined) return [];
  return within(events, task)
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 6)
    .map(label);
}

/**
 * Thread time of `task` by kind. Only the outermost event of a known kind counts (a Layout
 * inside a FunctionCall is the script's forced layout: counted once, as layout, and taken out
 * of the script), so the kinds add up to no more than the task.
 */
function kindsOf(events: readonly TraceEvent[], task: TraceEvent): Record<string, number> {
  const inner = within(events, task)
    .filter((e) => KINDS[e.name] !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out: Record<string, number> = {};
  const open: TraceEvent[] = [];
  for (const e of inner) {
    while (open.length > 0 && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= e.ts) open.pop();
    const kind = KINDS[e.name]!;
    const cpu = (e.tdur ?? 0) / 1000;
    const parent = open.at(-1);
    if (parent === undefined || KINDS[parent.name] !== kind) {
      out[kind] = (out[kind] ?? 0) + cpu;
      if (parent !== undefined) out[KINDS[parent.name]!] = out[KINDS[parent.name]!]! - cpu;
    }
    open.push(e);
  }
  const total = (task.tdur ?? 0) / 1000;
  const known = Object.values(out).reduce((a, b) => a + b, 0);
  out.other = Math.max(0, total - known);
  return Object.fromEntries(
    Object.entries(out)
      .map(([k, v]) => [k, Math.round(v * 10) / 10] as const)
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1]),
  );
}

export interface Trace {
  /** Stop tracing: the page's main-thread tasks between the marks, and every long task. */
  stop(): Promise<{ scroll: MainThreadCpu; all: MainThreadCpu; longTasks: LongTask[] }>;
}

/**
 * Trace the page. `console.timeStamp(from)` and `console.timeStamp(to)` in the page bound the
 * tasks summed as `scroll`; long tasks are taken from the whole trace. UISTREAM_BENCH_TRACE
 * names a file for the raw events (to open in a trace viewer).
 */
export async function startTrace(cdp: CDPSession, from: string, to: string): Promise<Trace> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }): void => {
    for (const x of e.value) events.push(x as TraceEvent);
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline' });
  return {
    stop: async () => {
      const done = new Promise<void>((resolve) =>
        cdp.once('Tracing.tracingComplete', () => resolve()),
      );
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
      const file = process.env.UISTREAM_BENCH_TRACE;
      if (file !== undefined) writeFileSync(file, JSON.stringify({ traceEvents: events }));
      const tasks = mainThreadTasks(events);
      const mark = (name: string) =>
        events.find((e) => e.name === 'TimeStamp' && stampOf(e) === name)?.ts;
      const [a, b] = [mark(from) ?? -Infinity, mark(to) ?? Infinity];
      return {
        scroll: cpuOf(
          events,
          tasks.filter((e) => e.ts >= a && e.ts < b),
        ),
        all: cpuOf(events, tasks),
        longTasks: tasks
          .filter((e) => (e.dur ?? 0) > 50_000)
          .map((e) => ({
            wallMs: Math.round((e.dur ?? 0) / 100) / 10,
            cpuMs: Math.round((e.tdur ?? 0) / 100) / 10,
            kinds: kindsOf(events, e),
          })),
      };
    },
  };
}

const stampOf = (e: TraceEvent): string | undefined => e.args?.data?.message ?? e.args?.message;

/** The page's renderer is the process named "Renderer" (the browser's own UI is another). */
function mainThreadTasks(events: readonly TraceEvent[]): TraceEvent[] {
  const renderers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'process_name' && e.args?.name === 'Renderer')
      .map((e) => e.pid),
  );
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .filter((e) => renderers.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events.filter(
    (e) => e.ph === 'X' && TASK_NAMES.has(e.name) && mains.has(`${e.pid}:${e.tid}`),
  );
}

function cpuOf(events: readonly TraceEvent[], tasks: readonly TraceEvent[]): MainThreadCpu {
  const cpu = tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
  const longest = tasks[cpu.indexOf(Math.max(...cpu))];
  return {
    maxTaskInside: inside(events, longest),
    tasks: tasks.length,
    totalCpuMs: cpu.reduce((a, b) => a + b, 0),
    maxTaskCpuMs: cpu.length === 0 ? 0 : Math.max(...cpu),
    tasksOver50MsCpu: cpu.filter((x) => x > 50).length,
  };
}
