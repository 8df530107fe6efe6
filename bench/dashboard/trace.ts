/**
 * Main-thread CPU time from a Chromium trace. Wall-clock task lengths grow with whatever else
 * the machine runs; a task's thread time (`tdur`) does not, so these figures compare runs made
 * under different load: the longest task and the total task time on the page's main thread.
 */
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
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

const label = (e: TraceEvent): string => {
  const d = e.args?.data;
  const what = d?.functionName ?? d?.type ?? '';
  const where = d?.url === undefined ? '' : `@${d.url.split('/').pop()}`;
  return `${e.name}${what === '' ? '' : ` ${what}`}${where} ${((e.tdur ?? 0) / 1000).toFixed(1)}ms`;
};

/** The costliest events nested in `task` on its thread (its direct work, by thread time). */
function inside(events: readonly TraceEvent[], task: TraceEvent | undefined): string[] {
  if (task === undefined) return [];
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter(
      (e) =>
        e !== task &&
        e.ph === 'X' &&
        e.pid === task.pid &&
        e.tid === task.tid &&
        e.ts >= task.ts &&
        e.ts < end &&
        !TASK_NAMES.has(e.name),
    )
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 6)
    .map(label);
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export interface Trace {
  /** Stop tracing and sum the page's main-thread tasks. */
  stop(): Promise<MainThreadCpu>;
}

export async function startTrace(cdp: CDPSession): Promise<Trace> {
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
      return mainThreadCpu(events);
    },
  };
}

/** The page's renderer is the process named "Renderer" (the browser's own UI is another). */
function mainThreadCpu(events: readonly TraceEvent[]): MainThreadCpu {
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
  const tasks = events.filter(
    (e) => e.ph === 'X' && TASK_NAMES.has(e.name) && mains.has(`${e.pid}:${e.tid}`),
  );
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
